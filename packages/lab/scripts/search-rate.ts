/**
 * MatchMaster ISMCTS iterations per second of process CPU time on the bench position (`npm run
 * bench` reports wall-clock time, which other work on a shared machine distorts more): the
 * expert's search with counting rollouts at 4 and 7 players, and with the plain heuristic's
 * rollouts at 4. It uses only what the bots exported before issue 14's speed-up, so the same
 * file can measure an older checkout side by side (see the README, "Benchmarks").
 *
 *   npx tsx --conditions=matchbox-source packages/lab/scripts/search-rate.ts [seconds per case]
 */
import { Rng, getGame } from '@matchbox/engine';
import { midHandMatchMaster } from '@matchbox/bots/bench';
import { contextFor, ismcts } from '@matchbox/bots';
import { MATCHMASTER_SEARCH, matchmasterAdapter } from '@matchbox/bots/parts';

const seconds = Number(process.argv[2] ?? 2);
const game = getGame('matchmaster')!;
const cpuMicros = (since: NodeJS.CpuUsage): number => {
  const c = process.cpuUsage(since);
  return c.user + c.system;
};

for (const [players, counting] of [
  [4, true],
  [4, false],
  [7, true],
] as const) {
  const { state, seat } = midHandMatchMaster(players);
  const adapter = matchmasterAdapter({ ...MATCHMASTER_SEARCH.expert, counting });
  const ctx = contextFor(game, state, seat);
  const legal = game.legalActions(state, seat);
  const rng = Rng.fromSeed('bench');
  const iterations = MATCHMASTER_SEARCH.expert.iterations;
  ismcts(game, adapter as never, seat, legal, ctx.sample!, rng, { iterations }); // warm-up
  const start = process.cpuUsage();
  let done = 0;
  while (cpuMicros(start) < seconds * 1e6)
    done += ismcts(game, adapter as never, seat, legal, ctx.sample!, rng, { iterations }).iterations;
  const rate = Math.round(done / (cpuMicros(start) / 1e6));
  console.log(
    `${players}p ${counting ? 'counting' : 'plain   '} rollouts  ${rate.toLocaleString('en-US').padStart(9)} iterations per CPU second`,
  );
}
