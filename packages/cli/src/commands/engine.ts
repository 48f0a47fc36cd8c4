/**
 * `matchbox engine`: a JSON-lines protocol over the engine contract on stdin/stdout, so that tools
 * and bots in any language can drive any game (see docs/protocol.md). One request per line, one
 * reply per line; every reply echoes the request's `id`. Bad input gets an error reply, never a crash.
 */
import { randomBytes } from 'node:crypto';
import { createInterface } from 'node:readline';
import type {
  Action,
  AnyGame,
  EngineError,
  EventBody,
  Game,
  GameEvent,
  Json,
  JsonObject,
} from '@matchbox/engine';
import { GAMES, GameSession, eventsFor, getGame, parseRecord } from '@matchbox/engine';

/** The game being refereed: a session keeps the record (with the chance outcomes) as it goes. */
interface Current {
  readonly game: AnyGame;
  readonly session: GameSession<unknown, EventBody>;
  readonly players: number;
}

/** A game with its state type left opaque, as a session holds it. */
const opaque = (game: AnyGame) => game as Game<unknown, Action, object, EventBody>;

type Reply = { ok: true; [k: string]: unknown } | { ok: false; error: EngineError<string> };

const fail = (code: string, message: string): Reply => ({ ok: false, error: { code, message } });

type GameCommand = (cur: Current, req: Record<string, unknown>) => Reply;

function statusOf(cur: Current): JsonObject {
  const state = cur.session.state;
  return { toAct: [...cur.game.toAct(state)], over: cur.game.isOver(state) };
}

/**
 * What every viewer sees of some events, by `eventsFor`: `all` for a spectator, `seats[k]` for
 * seat k. A tool forwards `seats[k]` to seat k and nothing else; chance outcomes are in no list.
 */
export function eventsBySeat(events: readonly GameEvent[], players: number): JsonObject {
  const seats: Json[] = [];
  for (let seat = 0; seat < players; seat++) seats.push(eventsFor(events, seat) as unknown as Json);
  return { all: eventsFor(events, null) as unknown as Json, seats };
}

function seatOf(value: unknown, players: number): number | Reply {
  if (typeof value !== 'number' || !Number.isInteger(value) || value < 0 || value >= players) {
    return fail('invalid_seat', `"seat" must be a seat number from 0 to ${players - 1}.`);
  }
  return value;
}

const legalTexts = (cur: Current, seat: number): string[] =>
  cur.game.legalActions(cur.session.state, seat).map((a) => cur.game.formatAction(a));

/** The requests that need a game in progress. */
const GAME_COMMANDS: Record<string, GameCommand> = {
  legal: (cur, req) => {
    const state = cur.session.state;
    if (req.seat === undefined) {
      const legal: Record<string, string[]> = {};
      for (const seat of cur.game.toAct(state)) legal[seat] = legalTexts(cur, seat);
      return { ok: true, toAct: cur.game.toAct(state), legal };
    }
    const seat = seatOf(req.seat, cur.players);
    if (typeof seat !== 'number') return seat;
    return { ok: true, seat, actions: legalTexts(cur, seat) };
  },
  act: (cur, req) => {
    const seat = seatOf(req.seat, cur.players);
    if (typeof seat !== 'number') return seat;
    if (typeof req.action !== 'string')
      return fail('malformed_request', '"act" needs an "action" in text notation.');
    const parsed = cur.game.parseAction(req.action);
    if (!parsed.ok) return { ok: false, error: parsed.error };
    const applied = cur.session.act(seat, parsed.value);
    if (!applied.ok) return { ok: false, error: applied.error };
    return {
      ok: true,
      events: eventsBySeat(applied.value.events, cur.players),
      revealed: applied.value.revealed,
      ...statusOf(cur),
    };
  },
  view: (cur, req) => {
    if (req.seat === null || req.seat === undefined)
      return { ok: true, view: cur.game.view(cur.session.state, null) };
    const seat = seatOf(req.seat, cur.players);
    if (typeof seat !== 'number') return seat;
    return { ok: true, view: cur.game.view(cur.session.state, seat) };
  },
  status: (cur) => {
    const state = cur.session.state;
    return {
      ok: true,
      ...statusOf(cur),
      phase: cur.game.phase(state),
      actions: cur.game.actionCount(state),
      turn: cur.game.describeTurn(state),
    };
  },
  result: (cur) => ({
    ok: true,
    over: cur.game.isOver(cur.session.state),
    result: cur.game.result(cur.session.state),
  }),
  save: (cur) => ({ ok: true, record: cur.session.record(), state: cur.game.serialize(cur.session.state) }),
};

/** A seed for `new` without one: the protocol picks it (engines never draw randomness) and says which. */
const randomSeed = (): string => randomBytes(6).toString('hex');

export class EngineSession {
  private current: Current | null = null;

  /** Handles one request line and returns the reply line (without newline). */
  handleLine(line: string): string {
    if (line.trim() === '')
      return JSON.stringify({
        id: null,
        ...fail('malformed_json', 'An empty line is not a request: each line must be one JSON object.'),
      });
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
    if (req.seed !== undefined && typeof req.seed !== 'string' && typeof req.seed !== 'number')
      return fail('malformed_request', '"seed" must be a string.');
    const seed = req.seed === undefined ? randomSeed() : String(req.seed);
    if (
      req.deck !== undefined &&
      (!Array.isArray(req.deck) || !req.deck.every((c) => typeof c === 'string'))
    ) {
      return fail('invalid_deck', '"deck" must be a list of cards in the game\'s notation.');
    }
    const started = GameSession.start(opaque(game), {
      players,
      seed,
      ...(Object.keys(options).length > 0 ? { options } : {}),
      ...(req.deck !== undefined ? { deck: req.deck } : {}),
    });
    if (!started.ok) return { ok: false, error: started.error };
    const current: Current = { game, session: started.value.session, players };
    this.current = current;
    return {
      ok: true,
      game: game.meta.id,
      players,
      seed,
      events: eventsBySeat(started.value.events, players),
      ...statusOf(current),
    };
  }

  private load(req: Record<string, unknown>): Reply {
    if (req.record !== undefined) {
      const parsed = parseRecord(req.record);
      if (!parsed.ok) return { ok: false, error: parsed.error };
      const game = getGame(parsed.value.game);
      if (!game) return fail('unknown_game', `Unknown game "${parsed.value.game}".`);
      const session = GameSession.fromRecord(opaque(game), parsed.value);
      if (!session.ok) return { ok: false, error: session.error };
      return this.begin(game, session.value);
    }
    if (req.state !== undefined) {
      const id =
        typeof req.state === 'object' && req.state !== null
          ? (req.state as { game?: unknown }).game
          : undefined;
      const game = typeof id === 'string' ? getGame(id) : undefined;
      if (!game) return fail('invalid_state', 'A saved state needs a known "game".');
      // A state alone has no earlier moves: the record of a later save starts `from` this state.
      const session = GameSession.fromSave(opaque(game), req.state as JsonObject);
      if (!session.ok) return { ok: false, error: session.error };
      return this.begin(game, session.value);
    }
    return fail('malformed_request', '"load" needs a "record" (replayed) or a "state" (saved with "save").');
  }

  private begin(game: AnyGame, session: GameSession<unknown, EventBody>): Reply {
    const current: Current = { game, session, players: game.players(session.state) };
    this.current = current;
    return { ok: true, game: game.meta.id, players: current.players, ...statusOf(current) };
  }
}

export async function engineCommand(_argv: string[]): Promise<number> {
  const session = new EngineSession();
  const rl = createInterface({ input: process.stdin, crlfDelay: Infinity });
  for await (const line of rl) {
    process.stdout.write(session.handleLine(line) + '\n');
  }
  return 0;
}
