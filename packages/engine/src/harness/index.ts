/**
 * The shared game harness: one suite of checks that runs on every registered game.
 *
 * `checkPlayout` plays a seeded random game and checks at every step that someone may act unless
 * the game is over, that every legal action applies, that illegal candidates are rejected with the
 * state unchanged, that clones are equal and independent, that serialisation round-trips, that
 * cards are conserved, that no view leaks a card its seat must not know, that `determinize` keeps
 * the seat's view and a legal history and depends on nothing the seat does not know, that no
 * event shows a viewer a card it may not know, that an action reported as revealing nothing
 * revealed no card, that such an action can be taken back by replaying the record without it,
 * that the record (with its chance outcomes) replays to the same state, and that the game ends
 * within its bound. It throws a `HarnessFailure` naming the game, seed and step on the first
 * broken invariant.
 *
 * Cost: the cheap checks run at every step; the expensive ones (every legal action, every
 * rejected candidate, determinize, undo) on "thorough" steps, every `thoroughEvery`-th. What
 * each viewer may know is computed once per state and reused for the view, event and reveal
 * checks of the action before and after it; the rejected candidates of a seat are all tried on
 * one copy whose state is compared once (and one by one only to name a culprit); and the
 * comparisons that cost a full serialisation (applying without events, determinize's purity)
 * take a deterministic share in turn: a few legal actions per seat, one seat, per thorough step.
 */
import type { Action, AnyGame, GameEvent, GameResult, Seat, SetupConfig, Viewer } from '../contract.ts';
import { Rng } from '../rng.ts';
import type { GameRecord, RecordedMove } from '../session.ts';
import { RECORD_FORMAT, chanceOf, eventFor, replay, revealsAny } from '../session.ts';

export class HarnessFailure extends Error {
  override readonly name = 'HarnessFailure';
}

export interface PlayoutOptions {
  /** Run the expensive checks (every legal action, candidates, determinize, undo) every k-th step. */
  readonly thoroughEvery?: number;
  /** How many determinizations to check per seat on a thorough step. */
  readonly determinizations?: number;
  /** Check taking back the last action (by replaying the record) on thorough steps; default on. */
  readonly undo?: boolean;
}

export interface PlayoutSummary {
  readonly steps: number;
  readonly result: GameResult;
}

const stable = (v: unknown): string => JSON.stringify(v);
const who = (viewer: Viewer) => (viewer === null ? 'spectator' : `seat ${viewer}`);

type Counts = Map<string, number>;

function multiset(items: readonly string[]): Counts {
  const m: Counts = new Map();
  for (const x of items) m.set(x, (m.get(x) ?? 0) + 1);
  return m;
}

function sameCounts(a: Counts, b: Counts): boolean {
  if (a.size !== b.size) return false;
  for (const [k, n] of a) if (b.get(k) !== n) return false;
  return true;
}

/** Every string value anywhere inside a JSON value. */
function collectStrings(value: unknown, out: string[]): void {
  if (typeof value === 'string') out.push(value);
  else if (Array.isArray(value)) for (const v of value) collectStrings(v, out);
  else if (value !== null && typeof value === 'object')
    for (const v of Object.values(value)) collectStrings(v, out);
}

/** How deep a view may nest before the scan calls it cyclic. */
const MAX_DEPTH = 100;

/**
 * One walk over a view: counts into `shown` the strings in it (values, not keys) that name one
 * of `cards`, and returns what keeps it from being plain JSON data, or null. Plain JSON data is
 * null, booleans, finite numbers, strings, arrays without holes and objects of no class, with no
 * `undefined`, function, symbol or bigint anywhere and nothing cyclic: exactly what a JSON text
 * stores and gives back unchanged. (A round trip through JSON text cannot check this: the second
 * text always equals the first, whatever the first dropped or turned into null.)
 */
function scanView(value: unknown, cards: Counts, shown: Counts, depth = 0): string | null {
  if (typeof value === 'string') {
    if (cards.has(value)) shown.set(value, (shown.get(value) ?? 0) + 1);
    return null;
  }
  if (typeof value === 'number') return Number.isFinite(value) ? null : `the number ${value}`;
  if (value === null || typeof value === 'boolean') return null;
  if (typeof value !== 'object') return `a value of type ${typeof value}`;
  if (depth >= MAX_DEPTH) return `nesting deeper than ${MAX_DEPTH} (a cycle?)`;
  if (Array.isArray(value)) {
    for (let i = 0; i < value.length; i++) {
      const problem = scanView(value[i], cards, shown, depth + 1);
      if (problem) return problem;
    }
    return null;
  }
  const proto: unknown = Object.getPrototypeOf(value);
  if (proto !== Object.prototype && proto !== null)
    return `an object of class ${value.constructor?.name ?? '?'}`;
  for (const key of Object.keys(value)) {
    const problem = scanView((value as Record<string, unknown>)[key], cards, shown, depth + 1);
    if (problem) return `${problem} at "${key}"`;
  }
  return null;
}

/** What every viewer may know in one state: all the cards, and per viewer the hidden ones. */
interface Knowledge {
  readonly total: Counts;
  readonly hidden: Map<Viewer, Counts>;
  /** Per viewer, the cards it cannot know any copy of; filled on first use. */
  readonly unknowable: Map<Viewer, Set<string>>;
}

function knowledgeOf(game: AnyGame, state: unknown, viewers: readonly Viewer[]): Knowledge {
  const hidden = new Map<Viewer, Counts>();
  for (const viewer of viewers) hidden.set(viewer, multiset(game.hiddenCards(state, viewer)));
  return { total: multiset(game.cards(state)), hidden, unknowable: new Map() };
}

/** The cards a viewer cannot know any copy of (all copies hidden). */
function unknowableIn(know: Knowledge, viewer: Viewer): Set<string> {
  let out = know.unknowable.get(viewer);
  if (out) return out;
  out = new Set();
  for (const [card, n] of know.hidden.get(viewer)!) if (n >= (know.total.get(card) ?? 0)) out.add(card);
  know.unknowable.set(viewer, out);
  return out;
}

/** A card shown by the view (its counts from `scanView`) more often than its viewer may know, or null. */
function viewLeak(shown: Counts, know: Knowledge, viewer: Viewer): string | null {
  const hidden = know.hidden.get(viewer)!;
  for (const [card, count] of shown) {
    const allowed = (know.total.get(card) ?? 0) - (hidden.get(card) ?? 0);
    if (count > allowed) return `view for ${who(viewer)} shows ${card} ${count}x, may know ${allowed}`;
  }
  return null;
}

/** The cards a view shows, counted (see `scanView`). */
function shownCards(view: unknown, know: Knowledge): Counts {
  const shown: Counts = new Map();
  scanView(view, know.total, shown);
  return shown;
}

/** The view may show each card no more often than the copies the viewer is entitled to know. */
export function findLeak(game: AnyGame, state: unknown, viewer: Viewer): string | null {
  const know = knowledgeOf(game, state, [viewer]);
  return viewLeak(shownCards(game.view(state, viewer), know), know, viewer);
}

/**
 * A card that an event shows `viewer` although the viewer could know it neither before nor
 * after the action (`before` is null for the setup's events). One exception: within one action a
 * card may be revealed and then shuffled out of sight again (the last card of a hand played face
 * up, or tiles drawn in the open, before the next deal), which the states before and after cannot
 * show; so a card named by an event that says `reveals` and comes before the action's last
 * shuffle (an event with `chance`) passes.
 */
function eventLeak(
  events: readonly GameEvent[],
  viewer: Viewer,
  before: Knowledge | null,
  after: Knowledge,
): string | null {
  let lastShuffle = -1;
  for (let i = 0; i < events.length; i++) if (events[i]!.chance) lastShuffle = i;
  for (let i = 0; i < events.length; i++) {
    const body = eventFor(events[i]!, viewer);
    if (!body) continue;
    const strings: string[] = [];
    collectStrings(body, strings);
    for (const card of strings) {
      if (!unknowableIn(after, viewer).has(card)) continue;
      if (before === null) return `an event shows ${who(viewer)} ${card}, which it may not know`;
      if (!unknowableIn(before, viewer).has(card)) continue;
      if (i < lastShuffle && events[i]!.reveals) continue;
      return `an event shows ${who(viewer)} ${card}, which it may not know`;
    }
  }
  return null;
}

/**
 * No event a viewer receives names a card that the viewer could know neither before nor after
 * the action (`before` is null for the setup's events).
 */
export function findEventLeak(
  game: AnyGame,
  before: unknown,
  after: unknown,
  events: readonly GameEvent[],
  viewer: Viewer,
): string | null {
  const know = (s: unknown) => knowledgeOf(game, s, [viewer]);
  return eventLeak(events, viewer, before === null ? null : know(before), know(after));
}

/** An event nobody sees, or one addressed to a seat that does not exist, or null. */
function eventShapeProblem(events: readonly GameEvent[], players: number): string | null {
  for (const e of events) {
    if (e.all === null && !e.seats && !e.chance) return 'an event nobody sees';
    for (const k of Object.keys(e.seats ?? {}))
      if (!/^\d+$/.test(k) || Number(k) >= players) return `an event for a bad seat ${k}`;
  }
  return null;
}

/** A card some viewer could not know before and may know now, or null. */
function revealedCard(before: Knowledge, after: Knowledge, viewers: readonly Viewer[]): string | null {
  for (const viewer of viewers) {
    const was = before.hidden.get(viewer)!;
    const now = after.hidden.get(viewer)!;
    for (const [card, n] of was) {
      // A card back in the deck (a new deal) is hidden again; only fewer hidden copies reveal.
      if ((now.get(card) ?? 0) < Math.min(n, after.total.get(card) ?? 0)) return `${card} to ${who(viewer)}`;
    }
  }
  return null;
}

/** Plays one seeded random game with every invariant checked; throws on the first failure. */
export function checkPlayout(
  game: AnyGame,
  config: SetupConfig,
  options: PlayoutOptions = {},
): PlayoutSummary {
  const thoroughEvery = options.thoroughEvery ?? 1;
  const determinizations = options.determinizations ?? 1;
  const checkUndo = options.undo ?? true;
  const where = (step: number) =>
    `${game.meta.id} players=${config.players} seed=${config.seed} step=${step}`;
  const fail = (step: number, what: string): never => {
    throw new HarnessFailure(`${where(step)}: ${what}`);
  };
  const setupEvents: GameEvent[] = [];
  const setup = game.setup(config, setupEvents);
  if (!setup.ok) return fail(0, `setup failed: ${setup.error.code} ${setup.error.message}`);
  const state: unknown = setup.value;
  const pick = Rng.fromSeed(`harness:${config.seed}`);
  const bound = game.maxActions(state);
  const viewers: Viewer[] = [null, ...Array.from({ length: config.players }, (_, s) => s)];
  let know = knowledgeOf(game, state, viewers);
  const initialCards = know.total;
  const shape = eventShapeProblem(setupEvents, config.players);
  if (shape) fail(0, `setup made ${shape}`);
  for (const viewer of viewers) {
    const leak = eventLeak(setupEvents, viewer, null, know);
    if (leak) fail(0, `setup: ${leak}`);
  }
  const setupChance = chanceOf(setupEvents);
  const start: Omit<GameRecord, 'moves'> = {
    format: RECORD_FORMAT,
    game: game.meta.id,
    players: config.players,
    seed: config.seed,
    ...(config.options !== undefined ? { options: config.options } : {}),
    ...(setupChance.length > 0 ? { chance: setupChance } : config.deck ? { deck: config.deck } : {}),
  };
  const moves: RecordedMove[] = [];
  let thoroughSteps = 0;
  let step = 0;
  for (;;) {
    const thorough = step % thoroughEvery === 0;
    const over = game.isOver(state);
    const acting = game.toAct(state);
    const res = game.result(state);
    if (over !== (acting.length === 0)) fail(step, `isOver=${over} but toAct=[${acting.join(',')}]`);
    if (over !== (res !== null)) fail(step, `isOver=${over} but result is ${stable(res)}`);
    if (game.players(state) !== config.players) fail(step, `players() is ${game.players(state)}`);
    if (game.actionCount(state) !== step) fail(step, `actionCount() is ${game.actionCount(state)}`);
    const phase = game.phase(state);
    if (typeof phase !== 'string' || phase === '' || (over && phase !== 'over'))
      fail(step, `phase() is ${stable(phase)}`);
    const turn = game.describeTurn(state);
    if (typeof turn !== 'string' || turn === '') fail(step, 'describeTurn() is empty');
    if (
      res?.solo &&
      (config.players !== 1 || (res.solo.won ? res.winners.length !== 1 : res.winners.length !== 0))
    )
      fail(step, `a solo outcome that disagrees with the winners: ${stable(res)}`);
    const problem = game.verify(state);
    if (problem) fail(step, `verify: ${problem.code} ${problem.message}`);
    if (!sameCounts(know.total, initialCards)) fail(step, 'cards not conserved');
    const saved = checkSerialization(game, state, (w) => fail(step, w));
    for (const viewer of viewers) {
      const shown: Counts = new Map();
      const notPlain = scanView(game.view(state, viewer), know.total, shown);
      if (notPlain) fail(step, `view for ${who(viewer)} is not plain JSON: ${notPlain}`);
      const leak = viewLeak(shown, know, viewer);
      if (leak) fail(step, `leak: ${leak}`);
    }
    if (thorough) {
      checkActions(game, state, config.players, acting, saved, thoroughSteps, (w) => fail(step, w));
      if (!over && game.meta.hiddenInformation) {
        // Every seat's samples keep its view; one seat per thorough step, in turn, is also
        // checked for sampling from its information only (two more samples).
        const pure = thoroughSteps % config.players;
        for (let seat = 0; seat < config.players; seat++) {
          for (let k = 0; k < determinizations; k++) {
            const key = `${config.seed}:${step}:${seat}:${k}`;
            checkDeterminize(game, state, seat, initialCards, key, seat === pure && k === 0, (w) =>
              fail(step, w),
            );
          }
        }
      }
      thoroughSteps++;
    }
    if (over) {
      const replayed = replay(game, { ...start, moves });
      if (!replayed.ok)
        fail(step, `the record does not replay: ${replayed.error.message} at ${replayed.error.at}`);
      else if (stable(game.serialize(replayed.value)) !== saved)
        fail(step, 'the record replays to another state');
      return { steps: step, result: res as GameResult };
    }
    if (step >= bound) fail(step, `game did not end within ${bound} actions`);
    const seat = acting[pick.int(acting.length)] as Seat;
    const legal = game.legalActions(state, seat);
    if (legal.length === 0) fail(step, `seat ${seat} is to act but has no legal action`);
    const action = legal[pick.int(legal.length)]!;
    const text = game.formatAction(action);
    const events: GameEvent[] = [];
    const error = game.applyInPlace(state, seat, action, events);
    if (error) fail(step, `legal action ${text} was rejected: ${error.code}`);
    const chance = chanceOf(events);
    moves.push({ seat, action: text, ...(chance.length > 0 ? { chance } : {}) });
    const after = knowledgeOf(game, state, viewers);
    const badShape = eventShapeProblem(events, config.players);
    if (badShape) fail(step, `${text} made ${badShape}`);
    for (const viewer of viewers) {
      const leak = eventLeak(events, viewer, know, after);
      if (leak) fail(step, `after ${text}: ${leak}`);
    }
    if (!revealsAny(events)) {
      const card = revealedCard(know, after, viewers);
      if (card) fail(step, `${text} revealed ${card} but reports no reveal`);
      if (thorough && checkUndo) {
        const undone = replay(game, { ...start, moves: moves.slice(0, -1) });
        if (!undone.ok) fail(step, `undo: the shorter record does not replay: ${undone.error.message}`);
        else if (stable(game.serialize(undone.value)) !== saved)
          fail(step, `undo of ${text} does not give back the earlier state`);
      }
    }
    know = after;
    step++;
  }
}

/**
 * `determinize` keeps the seat's view, a legal history and the cards; with `pure`, it is also
 * checked to be a function of the seat's information only: sampling from the real state and
 * from another state the seat cannot tell apart (itself a sample) with equal generators gives
 * the same result.
 */
function checkDeterminize(
  game: AnyGame,
  state: unknown,
  seat: Seat,
  initialCards: Counts,
  key: string,
  pure: boolean,
  fail: (what: string) => never,
): void {
  const det: unknown = game.determinize(state, seat, Rng.fromSeed(`det:${key}`));
  if (stable(game.view(det, seat)) !== stable(game.view(state, seat)))
    fail(`determinize changed seat ${seat}'s view`);
  const bad = game.verify(det);
  if (bad) fail(`determinized state for seat ${seat} is inconsistent: ${bad.message}`);
  if (!sameCounts(multiset(game.cards(det)), initialCards))
    fail(`determinize for seat ${seat} lost or made cards`);
  if (!pure) return;
  const fromReal = game.serialize(game.determinize(state, seat, Rng.fromSeed(`same:${key}`)));
  const fromSample = game.serialize(game.determinize(det, seat, Rng.fromSeed(`same:${key}`)));
  if (stable(fromReal) !== stable(fromSample))
    fail(`determinize for seat ${seat} depends on more than the seat knows`);
}

/** Checks saving, loading and cloning; returns the state's serialised text. */
function checkSerialization(game: AnyGame, state: unknown, fail: (what: string) => never): string {
  const saved = game.serialize(state);
  const text = stable(saved);
  const loaded = game.deserialize(JSON.parse(text));
  if (!loaded.ok) fail(`deserialize rejected its own output: ${loaded.error.message}`);
  else if (stable(game.serialize(loaded.value)) !== text) fail('serialize/deserialize does not round-trip');
  const copy: unknown = game.clone(state);
  if (stable(game.serialize(copy)) !== text) fail('clone differs from the original');
  // A loaded game and a clone must also behave the same: same seats to act, same legal actions.
  const legalText = (s: unknown) =>
    stable(game.toAct(s).map((seat) => game.legalActions(s, seat).map((a) => game.formatAction(a))));
  const expected = legalText(state);
  if (loaded.ok && legalText(loaded.value) !== expected) fail('a loaded state offers other legal actions');
  if (legalText(copy) !== expected) fail('a clone offers other legal actions');
  return text;
}

/** Malformed values every game must reject (the property tests in test/junk try many more). */
const JUNK: readonly unknown[] = [null, 42, 'x', {}, { type: 'nonsense' }];

/** How many legal actions per seat and thorough step are also applied without events and compared. */
const QUIET_PER_SEAT = 3;

function checkActions(
  game: AnyGame,
  state: unknown,
  players: number,
  acting: readonly Seat[],
  before: string,
  round: number,
  fail: (what: string) => never,
): void {
  for (let seat = 0; seat < players; seat++) {
    const legal = game.legalActions(state, seat);
    const legalTexts = new Set(legal.map((a) => game.formatAction(a)));
    if (!acting.includes(seat) && legal.length > 0) fail(`seat ${seat} is not to act but has legal actions`);
    if (acting.includes(seat) && legal.length === 0) fail(`seat ${seat} is to act but has no legal action`);
    if (legalTexts.size !== legal.length) fail(`seat ${seat} has duplicate legal actions`);
    // Every k-th legal action, from an offset that moves on each thorough step, is compared.
    const stride = Math.max(1, Math.ceil(legal.length / QUIET_PER_SEAT));
    for (let i = 0; i < legal.length; i++) {
      const action = legal[i]!;
      const text = game.formatAction(action);
      const parsed = game.parseAction(text);
      if (!parsed.ok || game.formatAction(parsed.value) !== text)
        fail(`action "${text}" does not round-trip its notation`);
      const copy: unknown = game.clone(state);
      const events: GameEvent[] = [];
      const error = game.applyInPlace(copy, seat, action, events);
      if (error) fail(`legal action "${text}" for seat ${seat} was rejected: ${error.code} ${error.message}`);
      const shape = eventShapeProblem(events, players);
      if (shape) fail(`"${text}" made ${shape}`);
      if (i % stride !== round % stride) continue;
      // The fast path (no events) must reach exactly the same state as the evented one.
      const quiet: unknown = game.clone(state);
      game.applyInPlace(quiet, seat, action);
      if (stable(game.serialize(quiet)) !== stable(game.serialize(copy)))
        fail(`"${text}" leads to another state when no events are asked for`);
    }
    const rejected: unknown[] = [];
    for (const action of game.candidateActions(state, seat))
      if (!legalTexts.has(game.formatAction(action))) rejected.push(action);
    rejected.push(...JUNK);
    checkRejected(game, state, seat, rejected, before, fail);
  }
  if (stable(game.serialize(state)) !== before) fail('checking actions changed the original state');
}

/**
 * Every action in `rejected` is refused with a code and a message and leaves the state as it
 * was. They are all tried on one copy, whose state must therefore still be the original at the
 * end; only when it is not are they tried one by one on fresh copies, to name the culprit.
 */
function checkRejected(
  game: AnyGame,
  state: unknown,
  seat: Seat,
  rejected: readonly unknown[],
  before: string,
  fail: (what: string) => never,
): void {
  const copy: unknown = game.clone(state);
  let suspect = false;
  for (const action of rejected) {
    const error = game.applyInPlace(copy, seat, action);
    if (!error?.code || !error.message) {
      suspect = true;
      break;
    }
  }
  if (!suspect && stable(game.serialize(copy)) === before) return;
  for (const action of rejected) {
    const what = JUNK.includes(action)
      ? `malformed action ${stable(action)}`
      : `illegal action "${game.formatAction(action as Action)}"`;
    const single: unknown = game.clone(state);
    const error = game.applyInPlace(single, seat, action);
    if (!error) fail(`${what} for seat ${seat} was accepted`);
    else if (!error.code || !error.message) fail(`rejection of ${what} has no code or message`);
    if (stable(game.serialize(single)) !== before) fail(`rejected ${what} changed the state`);
  }
  fail(`seat ${seat}'s rejected actions, tried one after another, changed the state`);
}

/** Plays a game to the end with uniformly random legal actions (no checks): for simulations. */
export function randomPlayout(game: AnyGame, state: unknown, rng: Rng): number {
  let steps = 0;
  for (;;) {
    const acting = game.toAct(state);
    if (acting.length === 0) return steps;
    const seat = acting.length === 1 ? (acting[0] as Seat) : (acting[rng.int(acting.length)] as Seat);
    const legal = game.legalActions(state, seat);
    const error = game.applyInPlace(state, seat, legal[rng.int(legal.length)]);
    if (error) throw new Error(`${game.meta.id}: legal action rejected: ${error.code}`);
    steps++;
  }
}

/**
 * A golden transcript: a seeded random playthrough with, at each step, the seats to act, each
 * acting seat's view and legal actions, the chosen action and the events it produced.
 */
export function goldenTranscript(game: AnyGame, config: SetupConfig): string {
  const lines: string[] = [];
  lines.push(`# matchbox golden transcript: ${game.meta.id}`);
  lines.push(`# regenerate with: npm run golden`);
  lines.push(`config ${stable(config)}`);
  const setupEvents: GameEvent[] = [];
  const setup = game.setup(config, setupEvents);
  if (!setup.ok) throw new Error(`golden setup failed: ${setup.error.message}`);
  const state: unknown = setup.value;
  const pick = Rng.fromSeed(`golden:${config.seed}`);
  let step = 0;
  for (const e of setupEvents) lines.push(`  event ${stable(e)}`);
  lines.push(`spectator ${stable(game.view(state, null))}`);
  for (;;) {
    const acting = game.toAct(state);
    if (acting.length === 0) break;
    lines.push('');
    lines.push(`step ${step} to-act ${acting.join(',')}`);
    for (const seat of acting) {
      lines.push(`  view ${seat} ${stable(game.view(state, seat))}`);
      lines.push(
        `  legal ${seat} ${game
          .legalActions(state, seat)
          .map((a) => game.formatAction(a))
          .join(' | ')}`,
      );
    }
    const seat = acting[pick.int(acting.length)] as Seat;
    const legal = game.legalActions(state, seat);
    const action = legal[pick.int(legal.length)]!;
    const events: GameEvent[] = [];
    const error = game.applyInPlace(state, seat, action, events);
    if (error) throw new Error(`golden: legal action rejected: ${error.message}`);
    lines.push(`  play ${seat} ${game.formatAction(action)}`);
    for (const e of events) lines.push(`  event ${stable(e)}`);
    step++;
  }
  lines.push('');
  lines.push(`final ${stable(game.view(state, null))}`);
  lines.push(`result ${stable(game.result(state))}`);
  return lines.join('\n') + '\n';
}
