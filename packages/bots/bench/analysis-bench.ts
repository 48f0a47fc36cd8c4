/**
 * The analysis's cost, measured rather than asserted in tests: a bot game is played, then
 * analysed at the game's default budget, and the process CPU time of the analysis is printed with
 * the machine's load (CPU time is what a site pays; wall time grows with the load).
 *
 * - `matchmaster`: a whole 13-hand 4-player game (hands 7 down to 1 and back, MM-2) between easy,
 *   medium, hard and medium bots, every seat analysed (the target: at most 14 s of CPU);
 * - `sweet16`: a 2-player game between medium bots, seat 0 analysed (the target: at most 10 s).
 *
 * The verdicts are printed too (counts, and every flagged decision), so that a change meant to
 * cost less can show it reaches the same ones.
 *
 *   npm run bench:analysis -- [matchmaster|sweet16] [--budget N] [--seed S] [--json]
 */
import { cpus, loadavg } from 'node:os';
import type { AnyGame, Seat } from '@matchbox/engine';
import { GameSession, matchmaster, sweet16 } from '@matchbox/engine';
import { contextFor, createBot } from '../src/index.ts';
import type { BotLevel } from '../src/index.ts';
import { analyseRecord } from '../src/analysis/index.ts';

interface Case {
  readonly game: string;
  readonly start: (seed: string) => ReturnType<typeof GameSession.start>;
  readonly levels: readonly BotLevel[];
  /** The seats analysed (all when absent). */
  readonly seats?: readonly Seat[];
}

const CASES: Record<string, Case> = {
  matchmaster: {
    game: 'matchmaster',
    start: (seed) => GameSession.start(matchmaster, { players: 4, seed }),
    levels: ['easy', 'medium', 'hard', 'medium'],
  },
  sweet16: {
    game: 'sweet16',
    start: (seed) => GameSession.start(sweet16, { players: 2, seed }),
    levels: ['medium', 'medium'],
    seats: [0],
  },
};

const args = process.argv.slice(2);
const valueOf = (name: string): string | undefined => {
  const at = args.indexOf(`--${name}`);
  return at >= 0 ? args[at + 1] : undefined;
};
const json = args.includes('--json');
const budgetText = valueOf('budget');
const seed = valueOf('seed') ?? 'analysis-bench';
const named = args.filter((a, i) => !a.startsWith('--') && !args[i - 1]?.startsWith('--'));
const chosen = named.length > 0 ? named : Object.keys(CASES);

/** Plays a whole game between the case's bots and returns its record. */
async function play(c: Case) {
  const started = c.start(seed);
  if (!started.ok) throw new Error(started.error.message);
  const { session } = started.value;
  const game = session.game as AnyGame;
  const bots = c.levels.map((l, i) => createBot(c.game, l, `${seed}:${i}`));
  while (!game.isOver(session.state)) {
    const seat = game.toAct(session.state)[0]!;
    const legal = game.legalActions(session.state, seat);
    const ctx = contextFor(game, session.state, seat, { timeMs: 0 });
    const action =
      legal.length === 1
        ? legal[0]!
        : await bots[seat]!.chooseAction(game.view(session.state, seat) as object, seat, legal, ctx);
    session.act(seat, action);
  }
  return session.record();
}

for (const name of chosen) {
  const c = CASES[name];
  if (!c) throw new Error(`No bench case "${name}" (${Object.keys(CASES).join(', ')}).`);
  const record = await play(c);
  const load = loadavg()[0]!;
  const cpu0 = process.cpuUsage();
  const wall0 = performance.now();
  const r = analyseRecord(record, {
    seed,
    ...(budgetText ? { budget: Number(budgetText) } : {}),
    ...(c.seats ? { seats: c.seats } : {}),
  });
  const cpu = process.cpuUsage(cpu0);
  const wall = (performance.now() - wall0) / 1000;
  if (!r.ok) throw new Error(r.error.message);
  const a = r.value;
  const verdicts: Record<string, number> = {};
  for (const d of a.decisions) verdicts[d.verdict] = (verdicts[d.verdict] ?? 0) + 1;
  const flagged = a.decisions
    .filter((d) => d.verdict !== 'best' && d.verdict !== 'good')
    .map((d) => `${d.move}:${d.verdict}:${d.taken}->${d.best}`);
  const figure = {
    case: name,
    budget: a.budget,
    moves: record.moves.length,
    decisions: a.decisions.length,
    searched: a.decisions.filter((d) => d.method === 'search').length,
    cpuSeconds: Number(((cpu.user + cpu.system) / 1e6).toFixed(2)),
    wallSeconds: Number(wall.toFixed(2)),
    loadBefore: Number(load.toFixed(2)),
    loadAfter: Number(loadavg()[0]!.toFixed(2)),
    cores: cpus().length,
    verdicts,
    flagged,
  };
  if (json) console.log(JSON.stringify(figure));
  else
    console.log(
      `${name}: ${figure.decisions} decisions (${figure.searched} searched), budget ${figure.budget}: ` +
        `${figure.cpuSeconds} s of CPU, ${figure.wallSeconds} s of wall time, load ${figure.loadBefore} -> ${figure.loadAfter} ` +
        `(${figure.cores} cores)\n  verdicts ${JSON.stringify(verdicts)}\n  flagged ${flagged.join(' ') || 'none'}`,
    );
}
