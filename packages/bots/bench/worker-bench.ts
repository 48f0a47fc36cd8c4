/**
 * The bot worker's latencies, measured rather than asserted in tests: how soon an aborted search
 * rejects, and how soon the next request is answered after it (the aborted search must stop for
 * that). Prints milliseconds per round and their median; `--json` for machines, `--rounds N`.
 *
 *   npm run bench:worker
 */
import { matchmaster } from '@matchbox/engine';
import { botRequest } from '../src/index.ts';
import { BotWorker, botWorkerEntry } from '../src/worker-host.ts';

const args = process.argv.slice(2);
const json = args.includes('--json');
const roundsAt = args.indexOf('--rounds');
const rounds = roundsAt >= 0 ? Number(args[roundsAt + 1]) : 5;

const setup = matchmaster.setup({ players: 4, seed: 'worker', options: { handSizes: [4] } });
if (!setup.ok) throw new Error(setup.error.message);
const state = setup.value;
const seat = matchmaster.toAct(state)[0]!;
const request = botRequest(matchmaster, state, seat, 'expert', 'w-seed', { iterations: 300, timeMs: 0 });

const worker = new BotWorker(botWorkerEntry());
const median = (xs: number[]): number => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
const abortMs: number[] = [];
const nextMs: number[] = [];
try {
  await worker.choose({ ...request, budget: { iterations: 50, timeMs: 0 } }); // warm up
  for (let round = 0; round < rounds; round++) {
    const ac = new AbortController();
    const long = worker.choose({ ...request, budget: { iterations: 50_000_000, timeMs: 0 } }, ac.signal);
    await new Promise((r) => setTimeout(r, 100));
    const t = performance.now();
    ac.abort();
    await long.catch(() => undefined);
    abortMs.push(performance.now() - t);
    const answer = await worker.choose({ ...request, budget: { iterations: 50, timeMs: 0 } });
    if (!answer.ok) throw new Error(answer.error.message);
    nextMs.push(performance.now() - t);
  }
} finally {
  await worker.close();
}
const result = {
  rounds,
  abortMedianMs: median(abortMs),
  nextAnswerMedianMs: median(nextMs),
  abortMs,
  nextAnswerMs: nextMs,
};
if (json) console.log(JSON.stringify(result));
else {
  console.log(`bot worker, ${rounds} rounds of a 50-million-iteration search aborted after 100 ms:`);
  console.log(`  abort rejected after      ${result.abortMedianMs.toFixed(1)} ms (median)`);
  console.log(
    `  next request answered in  ${result.nextAnswerMedianMs.toFixed(1)} ms (median, from the abort)`,
  );
}
