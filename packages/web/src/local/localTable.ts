/**
 * A table that lives in the browser: a shell over the engine's referee (`GameSession`) for a game
 * against bots when no server is reached. The referee judges every move and undo and builds the
 * person's update exactly as the server's tables do; this adds the bots, the seats and the save.
 * Seat 0 is the person; every other seat is a bot deciding from its own view (`decide` of
 * @matchbox/bots), fed what its seat was shown (the referee's `observations`).
 *
 * Pure TypeScript without the DOM: the Web Worker (worker.ts) runs it, and the tests drive it
 * directly.
 */
import type { Bot, BotLevel } from '@matchbox/bots';
import { createBot, decide } from '@matchbox/bots';
import type { PublicSeat, TableUpdate } from '@matchbox/client/wire';
import type { AvatarId } from '@matchbox/client/faces';
import { AVATARS } from '@matchbox/client/faces';
import type {
  AnyGame,
  EngineError,
  EngineErrorCode,
  EventBody,
  GameEvent,
  GameRecord,
  Json,
  OpenGame,
  Result,
  SetupConfig,
} from '@matchbox/engine';
import { GameSession, getGame, parseRecord } from '@matchbox/engine';

/** The person's seat at every local table. */
export const PERSON = 0;

/** How a local game is set up (kept with the save, so a reload rebuilds the same table). */
export interface LocalSetup {
  readonly game: string;
  readonly players: number;
  readonly options: Readonly<Record<string, Json>>;
  readonly seed: string;
  /** A stacked first deck (tutorials). */
  readonly deck?: readonly string[];
  /** The bots' level (seats 1 and up). */
  readonly level: BotLevel;
  /** The person's display name. */
  readonly name: string;
  /** The person's face, if one was picked. */
  readonly avatar?: AvatarId;
}

/** What is stored to resume a local game: its setup and its record (the moves in effect). */
export interface LocalSave {
  readonly format: 1;
  readonly setup: LocalSetup;
  readonly record: GameRecord;
}

const fail = (code: EngineErrorCode, message: string): { ok: false; error: EngineError } => ({
  ok: false,
  error: { code, message },
});

export class LocalTable {
  private readonly bots: (Bot | null)[];

  private constructor(
    readonly setup: LocalSetup,
    readonly game: AnyGame,
    private readonly session: GameSession<unknown, EventBody>,
  ) {
    this.bots = Array.from({ length: setup.players }, (_, seat) =>
      seat === PERSON ? null : createBot(setup.game, setup.level, `${setup.seed}:bot${seat}`),
    );
    this.feedBots();
  }

  /** A new local game. */
  static start(setup: LocalSetup): Result<LocalTable> {
    const game = getGame(setup.game);
    if (!game) return fail('unknown_game', `There is no game "${setup.game}".`);
    const config: SetupConfig = {
      players: setup.players,
      seed: setup.seed,
      options: setup.options,
      ...(setup.deck ? { deck: setup.deck } : {}),
    };
    const started = GameSession.start(game as OpenGame, config);
    if (!started.ok) return started;
    return { ok: true, value: new LocalTable(setup, game, started.value.session) };
  }

  /**
   * A saved game, rebuilt move by move from its record (with every recorded deal queued, so it
   * deals the same cards), keeping each move's events for the log. A save that does not replay
   * is refused (`bad_save`) and nothing is kept of it.
   */
  static resume(json: unknown): Result<LocalTable> {
    const save = json as Partial<LocalSave> | null;
    if (typeof save !== 'object' || save === null || save.format !== 1 || typeof save.setup !== 'object')
      return fail('bad_save', 'The saved game is not one this version reads.');
    const setup = save.setup;
    const game = getGame(setup.game);
    const parsed = parseRecord(save.record);
    if (!game || !parsed.ok || parsed.value.game !== setup.game)
      return fail('bad_save', 'The saved game is not one this version reads.');
    const session = GameSession.fromRecord(game as OpenGame, parsed.value);
    if (!session.ok) return fail('bad_save', session.error.message);
    return { ok: true, value: new LocalTable(setup, game, session.value) };
  }

  /** Counts every change (a move or an undo): the `version` of the updates. */
  get version(): number {
    return this.session.revision;
  }

  get over(): boolean {
    return this.session.over;
  }

  /** The state, for the solver only (MATCHET Solitaire B hides nothing). */
  get state(): unknown {
    return this.session.state;
  }

  save(): LocalSave {
    return { format: 1, setup: this.setup, record: this.session.record() };
  }

  /** Every event of the game so far as the person sees them (the whole log). */
  eventsSoFar(): unknown[] {
    return this.session.eventsSoFar(PERSON);
  }

  /** The person's action in the game's notation; a refused one changes nothing. */
  act(text: string): Result<GameEvent[]> {
    return this.apply(PERSON, text);
  }

  private apply(seat: number, text: string): Result<GameEvent[]> {
    if (this.over) return fail('game_over', 'The game is over.');
    const parsed = this.game.parseAction(text);
    if (!parsed.ok) return parsed;
    const applied = this.session.act(seat, parsed.value);
    if (!applied.ok) return applied;
    this.tellBots();
    return { ok: true, value: applied.value.events };
  }

  /** Why the person may not take back the last move now, or null (the referee's undo policy). */
  undoRefusal(): EngineError | null {
    return this.session.undoRefusal(PERSON);
  }

  undo(): EngineError | null {
    const taken = this.session.undo(PERSON);
    if (!taken.ok) return taken.error;
    this.feedBots();
    return null;
  }

  /** The first bot seat that is to act now, or null (the person's turn, or the game is over). */
  botToAct(): number | null {
    if (this.over) return null;
    for (const seat of this.game.toAct(this.session.state)) if (this.bots[seat]) return seat;
    return null;
  }

  /**
   * One bot's move: the first bot seat to act decides from its own view and plays. Null when no
   * bot is to act, or when the table changed while the bot was thinking (the caller asks again).
   */
  async botStep(): Promise<GameEvent[] | null> {
    const seat = this.botToAct();
    if (seat === null) return null;
    const before = this.version;
    const action = await decide(this.game, this.session.state, seat, this.bots[seat]!);
    if (this.version !== before) return null;
    const applied = this.apply(seat, this.game.formatAction(action));
    if (!applied.ok) throw new Error(`bot at seat ${seat} chose an illegal action: ${applied.error.message}`);
    return applied.value;
  }

  /** Bots that remember what they saw (Sweet16) are shown their seat's new view. */
  private tellBots(): void {
    this.bots.forEach((bot, seat) => bot?.observe?.(this.session.observation(seat), seat));
  }

  /** A bot starts afresh with all its seat was shown of the moves in effect (after an undo, a resume). */
  private feedBots(): void {
    this.bots.forEach((bot, seat) => {
      if (!bot?.observe) return;
      bot.reset?.();
      for (const view of this.session.observations(seat)) bot.observe(view, seat);
    });
  }

  seats(): PublicSeat[] {
    // Each bot wears an animal of its own (not the person's), in an order that follows the deal's seed.
    const mine = this.setup.avatar ?? null;
    const free = AVATARS.filter((a) => a !== mine);
    let offset = 0;
    for (const ch of this.setup.seed) offset = (offset * 31 + ch.charCodeAt(0)) % free.length;
    return Array.from({ length: this.setup.players }, (_, seat): PublicSeat =>
      seat === PERSON
        ? {
            seat,
            kind: 'human',
            name: this.setup.name,
            avatar: mine,
            level: null,
            left: false,
            connected: true,
          }
        : {
            seat,
            kind: 'bot',
            name: null,
            avatar: free[(offset + seat - 1) % free.length]!,
            level: this.setup.level,
            left: false,
            connected: true,
          },
    );
  }

  /** The person's update, in the shape the server sends (`TableUpdate`), with `events` as given. */
  update(events: readonly GameEvent[]): TableUpdate {
    return {
      tableId: 'local',
      version: this.version,
      from: events.length > 0 ? this.version - 1 : this.version,
      ...this.session.updateFor(PERSON, events),
      status: this.over ? 'finished' : 'playing',
      seats: this.seats(),
      deadlineAt: null,
    };
  }
}
