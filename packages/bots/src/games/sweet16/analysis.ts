/**
 * Sweet16's analysis: every action valued in expected victory points at the end of the game
 * (S16-8: 1 per card in the score pile, 3 per face-up diamond), by ISMCTS over the seat's
 * determinizations (S16-9: the cards the seat has seen keep their places, the others are
 * re-dealt) once per legal action, to the end of the seat's turn and one more round of turns (the
 * points then as they stand; a whole game's playouts cost too much per decision). Sweet16's own bots remember rather
 * than search, so the playouts use their rule of thumb (medium's, reading the cards face up in the
 * playout: no memory of earlier turns; the exact odds cost too much per playout step) and, in the duel (S16-10), the duel's
 * greedy rule; the search's reward is the seat's share of the ranks, as in the generic search.
 * Flips (and looks) of cards the seat has never seen are one choice, valued once (`choiceKeys`).
 */
import type { Action, Rng, Seat, Sweet16State } from '@matchbox/engine';
import { Rng as Generator, sweet16 } from '@matchbox/engine';
import type { SearchAdapter } from '../../ismcts.ts';
import { genericAdapter } from '../../ismcts.ts';
import { contextFor } from '../../runner.ts';
import { DEFAULT_MODEL, Memory, sweet16Choose } from './sweet16.ts';
import { duelChoose } from './sweet16-duel.ts';
import type { DecisionInput, Evaluation, GameAnalyser } from '../../analysis/driver.ts';
import { registerAnalyser } from '../../analysis/driver.ts';
import { searchCandidates } from '../../analysis/search.ts';

/**
 * Iterations per decision by default. Flips of cards the seat has never seen are one choice, so a
 * decision has a few distinct choices besides them (the cards seen and turned back, stop, a
 * Joker's value): each gets tens of playouts (the budget was 600 when every face-down card was
 * its own choice, 11 playouts each).
 */
export const SWEET16_ANALYSIS_BUDGET = 300;

/** Victory points lost (a diamond counts 3, any other card 1). */
export const SWEET16_THRESHOLDS = { inaccuracy: 1.5, mistake: 3, blunder: 6 } as const;

const STYLE = { exact: false, model: DEFAULT_MODEL };

/**
 * The playouts' memory, emptied before every step: they read only the cards face up (a memory
 * of accuracy 1 never draws from its generator, so one serves every step).
 */
const PLAYOUT_MEMORY = new Memory(1000, 1, Generator.fromSeed('playout'));

/** The playout rule for the seat to act in a state, from its view now. */
function policy(state: unknown, seat: Seat, rng: Rng): Action {
  const legal = sweet16.legalActions(state as never, seat);
  if (legal.length === 1) return legal[0]!;
  const view = sweet16.view(state as never, seat);
  if (view.mode === 'duel') return duelChoose(view, seat, legal, 'medium');
  PLAYOUT_MEMORY.forget();
  return sweet16Choose(view, seat, legal, PLAYOUT_MEMORY, STYLE, rng);
}

/** The turn at which the playouts stop: the seat's turn and one more round of turns. */
interface Horizon {
  readonly turn: number;
}

/**
 * The seat's victory points as they stand (S16-8: the score pile, 3 per face-up diamond; S16-X11:
 * plus the grids already finished).
 */
const pointsNow = (state: unknown, seat: Seat): number => {
  const s = state as Sweet16State;
  let points = s.pileCount[seat]! + 3 * s.diamondCount[seat]!;
  for (const grid of s.gridScores) points += grid[seat]!;
  return points;
};

const generic = genericAdapter(sweet16 as never);
const ADAPTER: SearchAdapter<Horizon> = {
  begin: (state) => ({ turn: (state as Sweet16State).turn + (state as Sweet16State).players + 1 }),
  isTerminal: (state, h) => sweet16.isOver(state as never) || (state as Sweet16State).turn >= h.turn,
  rewards(state, _h, out) {
    if (sweet16.isOver(state as never)) return generic.rewards(state, null, out);
    // Unfinished: the seats' shares of the points as they stand.
    const s = state as Sweet16State;
    let sum = 0;
    for (let i = 0; i < s.players; i++) sum += pointsNow(s, i);
    for (let i = 0; i < s.players; i++) out[i] = sum > 0 ? pointsNow(s, i) / sum : 1 / s.players;
  },
  policy,
};

/**
 * Which choices are one and the same from the seat's information: flipping (or looking at, S16-6)
 * any face-down card the seat has never seen (S16-9), among those a heart chain has marked
 * not-a-heart or among the others, since the determinizations re-deal exactly those cards uniformly over those places
 * (`sweet16.determinize`). Read from a determinization, which keeps what the seat knows. Every
 * other choice is its own.
 */
function choiceKeys(world: Sweet16State, seat: Seat, texts: readonly string[]): string[] {
  const row = seat * world.grid.size;
  return texts.map((text) => {
    const [verb, at = ''] = text.split(' ');
    const p = verb === 'flip' || verb === 'look' ? world.grid.byName.get(at) : undefined;
    if (p === undefined || world.up[p] || world.cells[p]! < 0 || world.seenAt[row + p]! >= 0) return text;
    return `${verb} unseen${world.notHeart[p] ? ', not a heart' : ''}`;
  });
}

/**
 * Every choice valued by search, each set of equal choices once (by the action taken when it is
 * one of them): its value stands for each, so equal choices are never told apart by noise, and
 * the budget goes to the choices that differ.
 */
function evaluate(input: DecisionInput): Evaluation {
  const { game, state, seat, legal } = input;
  const ctx = contextFor(game, state, seat, { iterations: input.budget, timeMs: 0 });
  const texts = legal.map((a) => game.formatAction(a));
  const keys = choiceKeys(
    ctx.sample!(Generator.fromSeed(`${input.seed}:choices`)) as Sweet16State,
    seat,
    texts,
  );
  const takenKey = keys[texts.indexOf(game.formatAction(input.taken))];
  const firstOf = new Map<string, number>();
  keys.forEach((k, i) => {
    if (!firstOf.has(k)) firstOf.set(k, k === takenKey ? texts.indexOf(game.formatAction(input.taken)) : i);
  });
  const distinct = [...firstOf.values()];
  const ev = searchCandidates(
    input,
    ADAPTER,
    distinct.map((i) => legal[i]!),
    ctx.sample!,
    pointsNow,
  );
  const slot = new Map([...firstOf.keys()].map((k, j) => [k, j]));
  return {
    candidates: legal.map((action, i) => ({ ...ev.candidates[slot.get(keys[i]!)!]!, action })),
    ...(ev.paired ? { paired: keys.map((k) => ev.paired![slot.get(k)!]!) } : {}),
    method: ev.method,
  };
}

export const sweet16Analyser: GameAnalyser<'victory-points'> = {
  units: ['victory-points'],
  measure: () => ({ unit: 'victory-points', thresholds: SWEET16_THRESHOLDS }),
  budget: SWEET16_ANALYSIS_BUDGET,
  evaluate,
  // One part; the graph's expected score is the points at the search's horizon.
  part: () => 0,
  banked: () => 0,
  score: pointsNow,
};

registerAnalyser(sweet16.meta.id, sweet16Analyser);
