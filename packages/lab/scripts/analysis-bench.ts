/**
 * The analysis benchmark: a whole 13-hand 4-player MatchMaster game (hands 7 down to 1 and back,
 * MM-2) between easy, medium, hard and medium bots is analysed for every seat at the default
 * budget, and the process CPU time of the analysis is printed (the target: at most 60 s of one
 * core). Run: npx tsx --conditions=matchbox-source packages/lab/scripts/analysis-bench.ts [budget] [seed]
 */
import { cpus, loadavg } from 'node:os';
import type { AnyGame } from '@matchbox/engine';
import { GameSession, matchmaster } from '@matchbox/engine';
import { contextFor, createBot } from '@matchbox/bots';
import { MATCHMASTER_ANALYSIS_BUDGET, analyseRecord } from '@matchbox/bots/analysis';

const budget = Number(process.argv[2] ?? MATCHMASTER_ANALYSIS_BUDGET);
const seed = process.argv[3] ?? 'analysis-bench';
const game = matchmaster as unknown as AnyGame;
const started = GameSession.start(matchmaster, { players: 4, seed });
if (!started.ok) throw new Error(started.error.message);
const { session } = started.value;
const levels = ['easy', 'medium', 'hard', 'medium'] as const;
const bots = levels.map((l, i) => createBot('matchmaster', l, `${seed}:${i}`));
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
const record = session.record();
const load = loadavg()[0]!;
const cpu0 = process.cpuUsage();
const wall0 = performance.now();
const r = analyseRecord(record, { budget, seed });
const cpu = process.cpuUsage(cpu0);
const wall = (performance.now() - wall0) / 1000;
if (!r.ok) throw new Error(r.error.message);
const seconds = (cpu.user + cpu.system) / 1e6;
const figure = {
  budget,
  moves: record.moves.length,
  decisions: r.value.decisions.length,
  cpuSeconds: Number(seconds.toFixed(2)),
  wallSeconds: Number(wall.toFixed(2)),
  loadBefore: Number(load.toFixed(2)),
  loadAfter: Number(loadavg()[0]!.toFixed(2)),
  cores: cpus().length,
};
console.log(JSON.stringify(figure));
