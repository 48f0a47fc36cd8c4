/**
 * The analysis's statistics, on a fixed corpus with fixed budgets and seeds (the soak only:
 * `npm run test:soak`, MATCHBOX_SOAK=1; `npm test` skips them, they take a minute or two of CPU):
 *
 * - the error bars of search-valued decisions hold between seeds: the difference of the value of
 *   the action taken between two analysis seeds, over its stated error, is below 2 in at least 93%
 *   of the decisions (about 95% for an honest error; the issue asks 90%, and the error bars that
 *   treated a search's iterations as independent samples gave 91.5% on this corpus, so 93% tells
 *   them apart);
 * - two exactly equal choices are never flagged: in Sweet16 two face-down cards nobody has seen
 *   are the same choice from every seat's information (two seeds each, the search only given
 *   those two).
 */
import { describe, expect, it } from 'vitest';
import type { Action, AnyGame, GameRecord, Seat, Sweet16State } from '@matchbox/engine';
import { GameSession, matchmaster, sweet16, walkRecord } from '@matchbox/engine';
import { contextFor, createBot } from '../src/index.ts';
import type { GameAnalysis, GameAnalyser } from '../src/analysis/index.ts';
import { analyseDecision, analyseRecord, analyserFor } from '../src/analysis/index.ts';

const SOAK = process.env.MATCHBOX_SOAK === '1';
const FLAGS = ['inaccuracy', 'mistake', 'blunder'];

/** A whole game between medium bots, from a started session. */
function played(started: ReturnType<typeof GameSession.start>, bot: string): GameRecord {
  if (!started.ok) throw new Error(started.error.message);
  const { session } = started.value;
  const game = session.game as AnyGame;
  const bots = Array.from({ length: game.players(session.state) }, (_, i) =>
    createBot(game.meta.id, 'medium', `${bot}:${i}`),
  );
  while (!game.isOver(session.state)) {
    const seat = game.toAct(session.state)[0]!;
    const legal = game.legalActions(session.state, seat);
    const choice =
      legal.length === 1
        ? legal[0]!
        : (bots[seat]!.chooseAction(
            game.view(session.state, seat) as object,
            seat,
            legal,
            contextFor(game, session.state, seat, { timeMs: 0 }),
          ) as Action);
    const r = session.act(seat, choice);
    if (!r.ok) throw new Error(r.error.message);
  }
  return session.record();
}

const mmRecord = () =>
  played(
    GameSession.start(matchmaster, { players: 4, seed: 'seeds-mm', options: { handSizes: [6, 5, 4] } }),
    'mm',
  );
const s16Record = () => played(GameSession.start(sweet16, { players: 2, seed: 'seeds-s16' }), 's16');

function analysed(
  record: GameRecord,
  seed: string,
  budget: number,
  seats: readonly Seat[],
  moves?: number,
): GameAnalysis {
  const r = analyseRecord(record, { seed, budget, seats, hindsight: false, ...(moves ? { moves } : {}) });
  if (!r.ok) throw new Error(r.error.message);
  return r.value;
}

/** Per search-valued decision in both: the taken action's difference over its stated error. */
function ratios(a: GameAnalysis, b: GameAnalysis): number[] {
  const out: number[] = [];
  for (const x of a.decisions) {
    const y = b.decisions.find((d) => d.move === x.move);
    if (!y || x.method !== 'search' || y.method !== 'search') continue;
    const vx = x.candidates.find((c) => c.action === x.taken)!;
    const vy = y.candidates.find((c) => c.action === y.taken)!;
    const se = Math.hypot(vx.se, vy.se);
    out.push(se > 0 ? Math.abs(vx.value - vy.value) / se : vx.value === vy.value ? 0 : Infinity);
  }
  return out;
}

/** Per search-valued decision with a loss in both: the loss's difference over its stated error. */
function lossRatios(a: GameAnalysis, b: GameAnalysis): number[] {
  const out: number[] = [];
  for (const x of a.decisions) {
    const y = b.decisions.find((d) => d.move === x.move);
    if (!y || x.method !== 'search' || y.method !== 'search' || x.lossSe === 0 || y.lossSe === 0) continue;
    out.push(Math.abs(x.loss - y.loss) / Math.hypot(x.lossSe, y.lossSe));
  }
  return out;
}

const median = (xs: readonly number[]): number =>
  [...xs].sort((x, y) => x - y)[Math.floor(xs.length / 2)] ?? 0;

/** Positions where never-seen face-down cards are (exchangeable choices), by name. */
function unseen(s: Sweet16State): string[] {
  const out: string[] = [];
  for (let p = 0; p < s.grid.size; p++) {
    if (s.cells[p]! < 0 || s.up[p] || s.notHeart[p]) continue;
    let seen = false;
    for (let q = 0; q <= s.players; q++) if (s.seenAt[q * s.grid.size + p]! >= 0) seen = true;
    if (!seen) out.push(s.grid.names[p]!);
  }
  return out;
}

describe.skipIf(!SOAK)('analysis statistics (soak)', () => {
  it('the error bars of search-valued decisions hold between two analysis seeds', () => {
    const mm = mmRecord();
    const s16 = s16Record();
    const pairs = [
      [analysed(mm, 'one', 6000, [0, 1, 2, 3]), analysed(mm, 'two', 6000, [0, 1, 2, 3])],
      [analysed(s16, 'one', 600, [0], 80), analysed(s16, 'two', 600, [0], 80)],
    ] as const;
    const all = pairs.flatMap(([a, b]) => ratios(a, b));
    const losses = pairs.flatMap(([a, b]) => lossRatios(a, b));
    const within = all.filter((x) => x < 2).length / all.length;
    console.log(
      `error bars between seeds: ${all.length} decisions, ${(within * 100).toFixed(1)}% below 2, median ${median(all).toFixed(2)}; ` +
        `losses (${losses.length} with an error in both): ${((losses.filter((x) => x < 2).length / Math.max(1, losses.length)) * 100).toFixed(1)}% below 2, median ${median(losses).toFixed(2)}`,
    );
    expect(all.length).toBeGreaterThanOrEqual(50);
    expect(within).toBeGreaterThanOrEqual(0.93);
  });

  it('two exactly equal choices (two Sweet16 cards nobody has seen) are never flagged', () => {
    const record = s16Record();
    const game = sweet16 as unknown as AnyGame;
    const real = analyserFor('sweet16')!;
    let judged = 0;
    walkRecord(game, record, (step) => {
      const move = record.moves.indexOf(step.move!) + 1;
      const next = record.moves[step.move ? move : 0];
      if (!next || next.seat !== 0 || judged >= 12 || !next.action.startsWith('flip ')) return;
      const cards = unseen(step.state as Sweet16State);
      const taken = next.action.slice('flip '.length);
      if (!cards.includes(taken) || cards.length < 2) return;
      const twin = `flip ${cards.find((c) => c !== taken)!}`;
      const two: GameAnalyser = {
        ...real,
        evaluate: (input) =>
          real.evaluate({
            ...input,
            legal: input.legal.filter((a) => [next.action, twin].includes(game.formatAction(a))),
          }),
      };
      const parsed = game.parseAction(next.action);
      if (!parsed.ok) throw new Error(next.action);
      for (const seed of ['one', 'two']) {
        const d = analyseDecision(game, two, step.state, 0, move, parsed.value, 600, seed);
        expect(d.candidates.map((c) => c.action).sort()).toEqual([next.action, twin].sort());
        expect(FLAGS, `${next.action} against ${twin}: ${d.loss} ± ${d.lossSe}`).not.toContain(d.verdict);
      }
      judged++;
    });
    expect(judged).toBeGreaterThanOrEqual(8);
  });
});
