/**
 * Junk input, property-based (fast-check), for every registered game, in states reached by
 * random play in every harness configuration (issue 9, section 9):
 *
 * - any value given as an action (arbitrary JSON, objects with random keys, a legal action with
 *   one field replaced by a wrong type, a huge number or a string, a known `type` with random
 *   fields, values JSON cannot hold) is rejected with a code and a message, the same ones every
 *   time, and the state is left exactly as it was; or, if the game accepts it, it did exactly
 *   what one of the seat's legal actions does (a legal action with a harmless extra field);
 * - a non-object is always `malformed_action` for a seat that may act;
 * - every legal action given as a plain JSON object (`JSON.parse(JSON.stringify(action))`, as
 *   it arrives over the wire) is accepted exactly like the engine's own object: the same state
 *   and the same events.
 *
 * The runs are seeded, so a failure reproduces; the soak (MATCHBOX_SOAK=1) makes ten times more.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { Action, AnyGame, EngineError, GameEvent, Seat } from '../src/index.ts';
import { GAMES, Rng } from '../src/index.ts';
import type { HarnessConfig } from './harness-configs.ts';
import { HARNESS_CONFIGS, SOAK } from './harness-configs.ts';
import type { Variant } from './harness/toy.ts';
import { peek } from './harness/toy.ts';

const stable = (v: unknown): string => JSON.stringify(v);
const RUNS = 60 * SOAK;

interface Reached {
  readonly state: unknown;
  readonly label: string;
  readonly [fc.toStringMethod]: () => string;
}

/** The state after `steps` random actions (fewer if the game ends first). */
function reach(game: AnyGame, config: HarnessConfig, seed: string, steps: number): Reached {
  const setup = game.setup({
    players: config.players,
    seed,
    ...(config.options ? { options: config.options } : {}),
  });
  if (!setup.ok) throw new Error(`setup: ${setup.error.message}`);
  const state: unknown = setup.value;
  const rng = Rng.fromSeed(`junk:${seed}`);
  let done = 0;
  while (done < steps && !game.isOver(state)) {
    const acting = game.toAct(state);
    const seat = acting[rng.int(acting.length)]!;
    const legal = game.legalActions(state, seat);
    const error = game.applyInPlace(state, seat, legal[rng.int(legal.length)]);
    if (error) throw new Error(`a legal action was rejected: ${error.code}`);
    done++;
  }
  const label = `${config.label}, seed ${stable(seed)}, ${done} actions`;
  // fast-check prints a counterexample through this, instead of the whole state.
  return { state, label, [fc.toStringMethod]: () => label };
}

/** A state reached by random play in one of the configurations. */
const reachedState = (game: AnyGame, configs: readonly HarnessConfig[]) =>
  fc
    .record({
      config: fc.constantFrom(...configs),
      seed: fc.string({ maxLength: 8 }),
      steps: fc.oneof(fc.nat(12), fc.nat(400)),
    })
    .map(({ config, seed, steps }) => reach(game, config, seed, steps));

/** Values that break assumptions: huge, negative, fractional, not numbers at all. */
const nasty = fc.oneof(
  fc.constantFrom(
    1e308,
    -1e308,
    2 ** 53,
    2 ** 31,
    -1,
    -0,
    0.5,
    Number.NaN,
    Number.POSITIVE_INFINITY,
    '',
    ' ',
    'x'.repeat(10_000),
    '__proto__',
    'constructor',
    [],
    {},
    null,
    true,
    undefined,
  ),
  fc.integer(),
  fc.double(),
  fc.string(),
  fc.jsonValue({ maxDepth: 2 }),
);

/** Junk for this game: arbitrary values, and near misses built from its own actions. */
function junk(game: AnyGame, state: unknown): fc.Arbitrary<unknown> {
  const examples: Action[] = [];
  for (let seat = 0; seat < game.players(state); seat++) {
    examples.push(...game.legalActions(state, seat), ...game.candidateActions(state, seat).slice(0, 20));
  }
  const types = [...new Set(examples.map((a) => a.type)), 'nonsense', 'toString', ''];
  const keys = [...new Set(examples.flatMap((a) => Object.keys(a))), 'type', 'extra'];
  const arbs: fc.Arbitrary<unknown>[] = [
    fc.jsonValue(),
    fc.anything(),
    nasty,
    fc.dictionary(fc.string({ maxLength: 6 }), nasty, { maxKeys: 4 }),
    fc
      .record({ type: fc.constantFrom(...types), rest: fc.dictionary(fc.constantFrom(...keys), nasty) })
      .map(({ type, rest }) => ({ ...rest, type })),
  ];
  if (examples.length > 0) {
    // A real action with one field given a wrong value, or dropped.
    arbs.push(
      fc
        .record({
          base: fc.constantFrom(...examples),
          key: fc.constantFrom(...keys),
          value: nasty,
          drop: fc.boolean(),
        })
        .map(({ base, key, value, drop }) => {
          const out: Record<string, unknown> = { ...base };
          if (drop) delete out[key];
          else out[key] = value;
          return out;
        }),
    );
  }
  return fc.oneof(...arbs);
}

const isObjectWithType = (v: unknown): boolean =>
  typeof v === 'object' &&
  v !== null &&
  !Array.isArray(v) &&
  typeof (v as { type?: unknown }).type === 'string';

/** What applying `action` to a copy gives: the error, or the state reached. */
function tryOn(game: AnyGame, state: unknown, seat: Seat, action: unknown): EngineError | string {
  const copy: unknown = game.clone(state);
  const error = game.applyInPlace(copy, seat, action);
  return error ?? stable(game.serialize(copy));
}

/** Junk is rejected the same way every time and changes nothing, or acts as a legal action. */
function junkProperty(game: AnyGame, configs: readonly HarnessConfig[]) {
  const id = game.meta.id;
  return fc.property(
    reachedState(game, configs).chain((reached) =>
      fc.record({
        reached: fc.constant(reached),
        seat: fc.nat(game.players(reached.state) - 1),
        values: fc.array(junk(game, reached.state), { minLength: 1, maxLength: 8 }),
      }),
    ),
    ({ reached, seat, values }) => {
      const { state, label } = reached;
      const before = stable(game.serialize(state));
      const acting = game.toAct(state).includes(seat);
      const legalOutcomes = new Set(game.legalActions(state, seat).map((a) => tryOn(game, state, seat, a)));
      for (const value of values) {
        const what = `${id} ${label}, seat ${seat}: ${String(stable(value)).slice(0, 120)}`;
        const first = tryOn(game, state, seat, value);
        if (typeof first === 'string') {
          // Accepted: only as one of the seat's legal actions (e.g. with an extra field).
          expect(legalOutcomes.has(first), `${what} was accepted as no legal action`).toBe(true);
          continue;
        }
        expect(first.code, what).toMatch(/^[a-z]+(_[a-z]+)*$/);
        expect(typeof first.message === 'string' && first.message.length > 0, what).toBe(true);
        expect(tryOn(game, state, seat, value), `${what}: another error the second time`).toEqual(first);
        if (acting && !isObjectWithType(value)) expect(first.code, what).toBe('malformed_action');
        const copy: unknown = game.clone(state);
        game.applyInPlace(copy, seat, value);
        expect(stable(game.serialize(copy)), `${what} changed the state`).toBe(before);
      }
      expect(stable(game.serialize(state))).toBe(before);
    },
  );
}

/** Every legal action, given as plain JSON, does exactly what the engine's object does. */
function plainJsonProperty(game: AnyGame, configs: readonly HarnessConfig[]) {
  const id = game.meta.id;
  return fc.property(reachedState(game, configs), ({ state, label }) => {
    for (const seat of game.toAct(state)) {
      for (const action of game.legalActions(state, seat)) {
        const plain = JSON.parse(JSON.stringify(action)) as unknown;
        const what = `${id} ${label}, seat ${seat}: ${game.formatAction(action)}`;
        const a: unknown = game.clone(state);
        const b: unknown = game.clone(state);
        const eventsA: GameEvent[] = [];
        const eventsB: GameEvent[] = [];
        expect(game.applyInPlace(a, seat, action, eventsA), what).toBeNull();
        expect(game.applyInPlace(b, seat, plain, eventsB), what).toBeNull();
        expect(stable(game.serialize(b)), what).toBe(stable(game.serialize(a)));
        expect(eventsB, what).toEqual(eventsA);
      }
    }
  });
}

describe.each(GAMES.map((g) => [g.meta.id, g] as const))('junk actions: %s', (id, game) => {
  const configs = HARNESS_CONFIGS[id] ?? [];

  it('are rejected with the same code and message every time, and change nothing', () => {
    fc.assert(junkProperty(game, configs), { numRuns: RUNS, seed: 9_000 + id.length });
  });

  it('a legal action as plain JSON is accepted exactly like the engine object', () => {
    fc.assert(plainJsonProperty(game, configs), { numRuns: Math.ceil(RUNS / 2), seed: 7_000 + id.length });
  });
});

describe('the junk properties fail on a broken game', () => {
  const configs: HarnessConfig[] = [{ label: 'peek', players: 3, seeds: 1 }];
  /** The assertion that failed inside the property (fast-check keeps it as the cause), or ''. */
  const failure = (run: (game: AnyGame) => void, variant: Variant): string => {
    try {
      run(peek(variant) as AnyGame);
      return '';
    } catch (e) {
      return String((e as Error).cause ?? e);
    }
  };
  const params = { numRuns: 200, seed: 1 };
  const junkOn = (game: AnyGame) => fc.assert(junkProperty(game, configs), params);
  const plainOn = (game: AnyGame) => fc.assert(plainJsonProperty(game, configs), params);

  it('the sound toy game passes both', () => {
    expect(failure(junkOn, 'sound')).toBe('');
    expect(failure(plainOn, 'sound')).toBe('');
  });
  it('junk accepted', () => expect(failure(junkOn, 'accepts junk')).toMatch(/accepted as no legal action/));
  it('a rejection that changes the state', () =>
    expect(failure(junkOn, 'rejection moves the turn')).toMatch(/changed the state/));
  it('a plain JSON copy of a legal action refused', () =>
    expect(failure(plainOn, 'interned actions only')).toMatch(/show c\d|pass/));
});
