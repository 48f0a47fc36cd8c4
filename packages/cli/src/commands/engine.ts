/**
 * `matchbox engine`: a JSON-lines protocol over the engine contract on stdin/stdout, so that tools
 * and bots in any language can drive any game (see docs/protocol.md). One request per line, one
 * reply per line; every reply echoes the request's `id`. Bad input gets an error reply, never a crash.
 */
import { createInterface } from 'node:readline';
import type {
  AnyGame,
  EngineError,
  EventRecord,
  GameRecord,
  Json,
  JsonObject,
  RecordedMove,
  Result,
} from '@matchbox/engine';
import { GAMES, getGame, parseRecord, replay } from '@matchbox/engine';

interface Current {
  readonly game: AnyGame;
  state: unknown;
  readonly record: {
    game: string;
    players: number;
    seed: string;
    options?: Record<string, Json>;
    deck?: string[];
    moves: RecordedMove[];
  };
}

type Reply = { ok: true; [k: string]: unknown } | { ok: false; error: EngineError };

const fail = (code: string, message: string): Reply => ({ ok: false, error: { code, message } });

type GameCommand = (cur: Current, req: Record<string, unknown>) => Reply;

function statusOf(cur: Current): JsonObject {
  return { toAct: [...cur.game.toAct(cur.state)], over: cur.game.isOver(cur.state) };
}

function seatOf(value: unknown, players: number): number | Reply {
  if (typeof value !== 'number' || !Number.isInteger(value) || value < 0 || value >= players) {
    return fail('invalid_seat', `"seat" must be a seat number from 0 to ${players - 1}.`);
  }
  return value;
}

const legalTexts = (cur: Current, seat: number): string[] =>
  cur.game.legalActions(cur.state, seat).map((a) => cur.game.formatAction(a));

/** The requests that need a game in progress. */
const GAME_COMMANDS: Record<string, GameCommand> = {
  legal: (cur, req) => {
    if (req.seat === undefined) {
      const legal: Record<string, string[]> = {};
      for (const seat of cur.game.toAct(cur.state)) legal[seat] = legalTexts(cur, seat);
      return { ok: true, toAct: cur.game.toAct(cur.state), legal };
    }
    const seat = seatOf(req.seat, cur.record.players);
    if (typeof seat !== 'number') return seat;
    return { ok: true, seat, actions: legalTexts(cur, seat) };
  },
  act: (cur, req) => {
    const seat = seatOf(req.seat, cur.record.players);
    if (typeof seat !== 'number') return seat;
    if (typeof req.action !== 'string')
      return fail('malformed_request', '"act" needs an "action" in text notation.');
    const parsed = cur.game.parseAction(req.action);
    if (!parsed.ok) return { ok: false, error: parsed.error };
    const events: EventRecord[] = [];
    const error = cur.game.applyInPlace(cur.state, seat, parsed.value, events);
    if (error) return { ok: false, error };
    cur.record.moves.push({ seat, action: cur.game.formatAction(parsed.value) });
    return { ok: true, events, ...statusOf(cur) };
  },
  view: (cur, req) => {
    if (req.seat === null || req.seat === undefined)
      return { ok: true, view: cur.game.view(cur.state, null) };
    const seat = seatOf(req.seat, cur.record.players);
    if (typeof seat !== 'number') return seat;
    return { ok: true, view: cur.game.view(cur.state, seat) };
  },
  status: (cur) => ({ ok: true, ...statusOf(cur) }),
  result: (cur) => ({ ok: true, over: cur.game.isOver(cur.state), result: cur.game.result(cur.state) }),
  save: (cur) => ({ ok: true, record: cur.record, state: cur.game.serialize(cur.state) }),
};

export class EngineSession {
  private current: Current | null = null;

  /** Handles one request line and returns the reply line (without newline). */
  handleLine(line: string): string {
    let request: unknown;
    try {
      request = JSON.parse(line);
    } catch {
      return JSON.stringify({ id: null, ...fail('malformed_json', 'Each line must be one JSON object.') });
    }
    if (typeof request !== 'object' || request === null || Array.isArray(request)) {
      return JSON.stringify({
        id: null,
        ...fail('malformed_request', 'Each request must be a JSON object with a "cmd".'),
      });
    }
    const req = request as Record<string, unknown>;
    const id = (req.id ?? null) as Json;
    let reply: Reply;
    try {
      reply = this.handle(req);
    } catch (e) {
      reply = fail('internal_error', e instanceof Error ? e.message : String(e));
    }
    return JSON.stringify({ id, ...reply });
  }

  private handle(req: Record<string, unknown>): Reply {
    switch (req.cmd) {
      case 'games':
        return { ok: true, games: GAMES.map((g) => g.meta) };
      case 'new':
        return this.newGame(req);
      case 'load':
        return this.load(req);
      case undefined:
        return fail('malformed_request', 'A request needs a "cmd".');
      default:
        break;
    }
    const command =
      typeof req.cmd === 'string' && Object.hasOwn(GAME_COMMANDS, req.cmd)
        ? GAME_COMMANDS[req.cmd]
        : undefined;
    if (!command)
      return fail('unknown_command', `Unknown cmd ${JSON.stringify(req.cmd)}; see docs/protocol.md.`);
    if (!this.current) return fail('no_game', 'Start a game first with {"cmd":"new",...} or load one.');
    return command(this.current, req);
  }

  private newGame(req: Record<string, unknown>): Reply {
    if (typeof req.game !== 'string') return fail('malformed_request', '"new" needs a "game" id.');
    const game = getGame(req.game);
    if (!game)
      return fail(
        'unknown_game',
        `Unknown game "${req.game}". Known: ${GAMES.map((g) => g.meta.id).join(', ')}.`,
      );
    const opts = req.options ?? {};
    if (typeof opts !== 'object' || opts === null || Array.isArray(opts))
      return fail('invalid_option', '"options" must be an object.');
    const { players: rawPlayers, ...options } = opts as Record<string, Json>;
    const players = rawPlayers ?? req.players ?? game.meta.defaultPlayers;
    if (typeof players !== 'number') return fail('invalid_players', '"players" must be a number.');
    const seed = req.seed === undefined ? 'matchbox' : req.seed;
    if (typeof seed !== 'string' && typeof seed !== 'number')
      return fail('malformed_request', '"seed" must be a string.');
    if (
      req.deck !== undefined &&
      (!Array.isArray(req.deck) || !req.deck.every((c) => typeof c === 'string'))
    ) {
      return fail('invalid_deck', '"deck" must be a list of cards in the game\'s notation.');
    }
    const record: Current['record'] = {
      game: game.meta.id,
      players,
      seed: String(seed),
      ...(Object.keys(options).length > 0 ? { options } : {}),
      ...(req.deck !== undefined ? { deck: req.deck } : {}),
      moves: [],
    };
    const setup = game.setup({ ...record });
    if (!setup.ok) return { ok: false, error: setup.error };
    const current: Current = { game, state: setup.value, record };
    this.current = current;
    return { ok: true, game: game.meta.id, players, ...statusOf(current) };
  }

  private load(req: Record<string, unknown>): Reply {
    if (req.record !== undefined) {
      const parsed: Result<GameRecord> = parseRecord(req.record);
      if (!parsed.ok) return { ok: false, error: parsed.error };
      const game = getGame(parsed.value.game);
      if (!game) return fail('unknown_game', `Unknown game "${parsed.value.game}".`);
      const replayed = replay(game, parsed.value);
      if (!replayed.ok) return { ok: false, error: replayed.error };
      const r = parsed.value;
      const record: Current['record'] = {
        game: r.game,
        players: r.players,
        seed: r.seed,
        ...(r.options ? { options: { ...r.options } } : {}),
        ...(r.deck ? { deck: [...r.deck] } : {}),
        moves: [...r.moves],
      };
      const current: Current = { game, state: replayed.value, record };
      this.current = current;
      return { ok: true, game: game.meta.id, ...statusOf(current) };
    }
    if (req.state !== undefined) {
      const id =
        typeof req.state === 'object' && req.state !== null
          ? (req.state as { game?: unknown }).game
          : undefined;
      const game = typeof id === 'string' ? getGame(id) : undefined;
      if (!game) return fail('invalid_state', 'A saved state needs a known "game".');
      const loaded = game.deserialize(req.state);
      if (!loaded.ok) return { ok: false, error: loaded.error };
      const saved = game.serialize(loaded.value);
      const players = typeof saved.players === 'number' ? saved.players : game.meta.maxPlayers;
      // A state alone carries no move record: later saves record moves from here on.
      const current: Current = {
        game,
        state: loaded.value,
        record: { game: game.meta.id, players, seed: '(loaded state)', moves: [] },
      };
      this.current = current;
      return { ok: true, game: game.meta.id, ...statusOf(current) };
    }
    return fail('malformed_request', '"load" needs a "record" (replayed) or a "state" (saved with "save").');
  }
}

export async function engineCommand(_argv: string[]): Promise<number> {
  const session = new EngineSession();
  const rl = createInterface({ input: process.stdin, crlfDelay: Infinity });
  for await (const line of rl) {
    if (line.trim() === '') continue;
    process.stdout.write(session.handleLine(line) + '\n');
  }
  return 0;
}
