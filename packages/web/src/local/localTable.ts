/**
 * A table that lives in the browser: the referee for a game against bots when no server is
 * reached. It holds the full state (a `GameSession` with its record) and hands the page exactly
 * what the server's LiveTable would: the person's view, its events, legal actions, refused
 * candidates with the engine's reason, whether undo is allowed, and the result. Seat 0 is the
 * person; every other seat is a bot deciding from its own view (`decide` of @matchbox/bots).
 *
 * Pure TypeScript without the DOM: the Web Worker (worker.ts) runs it, and the tests drive it
 * directly.
 */
import type { Bot, BotLevel } from '@matchbox/bots';
import { createBot, decide } from '@matchbox/bots';
import type { BlockedChoice, LegalChoice, PublicSeat, TableUpdate } from '@matchbox/client/wire';
import type {
  Action,
  AnyGame,
  EngineError,
  EventBody,
  Game,
  GameEvent,
  GameRecord,
  Json,
  Result,
  SetupConfig,
} from '@matchbox/engine';
import { GameSession, eventsFor, getGame, parseRecord, setupConfigOf } from '@matchbox/engine';

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
}

/** What is stored to resume a local game: its setup and its record (the moves in effect). */
export interface LocalSave {
  readonly format: 1;
  readonly setup: LocalSetup;
  readonly record: GameRecord;
}

/** At most this many candidate actions are probed for their reasons (as the server does). */
const MAX_BLOCKED_PROBES = 120;

/** The registry's game with its state type left open (a session needs no more of it). */
const asGame = (game: AnyGame) => game as Game<unknown, Action, object, EventBody>;

const fail = (code: string, message: string): { ok: false; error: EngineError } => ({
  ok: false,
  error: { code, message },
});

export class LocalTable {
  /** Counts every change (a move or an undo): the `version` of the updates. */
  private revision = 0;
  private readonly bots: (Bot | null)[];

  private constructor(
    readonly setup: LocalSetup,
    readonly game: AnyGame,
    private session: GameSession,
    /** The setup's events (the first deal), then each move's, in step with the session's moves. */
    private setupEvents: GameEvent[],
    private moveEvents: GameEvent[][],
  ) {
    this.bots = Array.from({ length: setup.players }, (_, seat) =>
      seat === PERSON ? null : createBot(setup.game, setup.level, `${setup.seed}:bot${seat}`),
    );
    this.revision = moveEvents.length;
    this.tellBots();
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
    const started = GameSession.start(asGame(game), config);
    if (!started.ok) return started;
    return { ok: true, value: new LocalTable(setup, game, started.value.session, started.value.events, []) };
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
    const record = parsed.value;
    const started = GameSession.start(asGame(game), setupConfigOf({ ...record, moves: record.moves }));
    if (!started.ok) return fail('bad_save', started.error.message);
    const { session, events } = started.value;
    const moveEvents: GameEvent[][] = [];
    for (const m of record.moves) {
      const action = game.parseAction(m.action);
      if (!action.ok) return fail('bad_save', action.error.message);
      const applied = session.act(m.seat, action.value);
      if (!applied.ok) return fail('bad_save', applied.error.message);
      moveEvents.push(applied.value.events);
    }
    return { ok: true, value: new LocalTable(setup, game, session, events, moveEvents) };
  }

  get version(): number {
    return this.revision;
  }

  get over(): boolean {
    return this.game.isOver(this.session.state);
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
    return [...eventsFor(this.setupEvents, PERSON), ...this.moveEvents.flatMap((e) => eventsFor(e, PERSON))];
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
    this.moveEvents.push(applied.value.events);
    this.revision++;
    this.tellBots();
    return { ok: true, value: applied.value.events };
  }

  /**
   * Why the person may not take back the last move now, or null: in a solitaire any move; at a
   * table with bots only the person's own last move, when it revealed nothing (docs/engine.md,
   * "Undo", the policy the server follows).
   */
  undoRefusal(): EngineError | null {
    if (this.over) return { code: 'game_over', message: 'The game is over.' };
    if (this.session.length === 0)
      return { code: 'nothing_to_undo', message: 'No move has been played yet.' };
    if (this.setup.players === 1) return null;
    return this.session.undoRefusal(PERSON);
  }

  undo(): EngineError | null {
    const refusal = this.undoRefusal();
    if (refusal) return refusal;
    const taken = this.session.undo(PERSON, this.setup.players === 1);
    if (!taken.ok) return taken.error;
    this.moveEvents.pop();
    this.revision++;
    this.resetBots();
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
    const before = this.revision;
    const state = this.session.state;
    const action = await decide(this.game, state, seat, this.bots[seat]!);
    if (this.revision !== before) return null;
    const applied = this.apply(seat, this.game.formatAction(action));
    if (!applied.ok) throw new Error(`bot at seat ${seat} chose an illegal action: ${applied.error.message}`);
    return applied.value;
  }

  /** Bots that remember what they saw (Sweet16) are told each seat's new view. */
  private tellBots(): void {
    for (let seat = 0; seat < this.bots.length; seat++) {
      const bot = this.bots[seat];
      if (bot?.observe) bot.observe(this.game.view(this.session.state, seat) as object, seat);
    }
  }

  /** After an undo the bots' memories may hold what was taken back: they start afresh. */
  private resetBots(): void {
    for (const bot of this.bots) bot?.reset?.();
    this.tellBots();
  }

  seats(): PublicSeat[] {
    return Array.from({ length: this.setup.players }, (_, seat) =>
      seat === PERSON
        ? { seat, kind: 'human', name: this.setup.name, level: null, left: false, connected: true }
        : { seat, kind: 'bot', name: null, level: this.setup.level, left: false, connected: true },
    );
  }

  /** The person's refused candidate actions, with the engine's reason (as the server probes them). */
  private blocked(legal: readonly LegalChoice[]): BlockedChoice[] {
    const g = this.game;
    const state = this.session.state;
    const candidates = g.candidateActions(state, PERSON);
    if (candidates.length > MAX_BLOCKED_PROBES) return [];
    const allowed = new Set(legal.map((l) => l.text));
    const visible = JSON.stringify(g.view(state, PERSON));
    const out: BlockedChoice[] = [];
    for (const a of candidates) {
      const text = g.formatAction(a);
      if (allowed.has(text) || !visible.includes(`"${text}"`)) continue;
      const error = g.applyInPlace(g.clone(state), PERSON, a);
      if (error) out.push({ text, code: error.code, message: error.message });
    }
    return out;
  }

  /** The person's update, in the shape the server sends (`TableUpdate`), with `events` as given. */
  update(events: readonly GameEvent[]): TableUpdate {
    const g = this.game;
    const s = this.session.state;
    const over = this.over;
    const toAct = over ? [] : [...g.toAct(s)];
    let legal: LegalChoice[] = [];
    let blocked: BlockedChoice[] = [];
    if (toAct.includes(PERSON)) {
      legal = g.legalActions(s, PERSON).map((a) => ({ text: g.formatAction(a), action: { ...a } }));
      blocked = this.blocked(legal);
    }
    return {
      tableId: 'local',
      version: this.revision,
      seat: PERSON,
      events: eventsFor(events, PERSON),
      view: g.view(s, PERSON),
      legal,
      blocked,
      canUndo: this.undoRefusal() === null,
      toAct,
      phase: g.phase(s),
      turn: g.describeTurn(s),
      status: over ? 'finished' : 'playing',
      seats: this.seats(),
      result: g.result(s),
      deadlineAt: null,
    };
  }
}
