/**
 * Are MatchMaster's bids the best the bot could make? Plays every deal to the end of the hand once
 * per candidate bid (the bot's own, one lower, one higher) with every seat's real bot, and prints
 * per hand size what bidding one lower or higher would have gained, next to what the bot's search
 * predicted, and the search's calibration at the margin (matchmaster-bidcheck.ts).
 *
 *   npx tsx --conditions=matchbox-source packages/lab/scripts/bid-check.ts \
 *     [--deals 700] [--players 4] [--sizes 7,6,5,4] [--reps 2] [--seed cf] [--bot expert] [--opponents hard] [--rows file.jsonl]
 *   npx tsx --conditions=matchbox-source packages/lab/scripts/bid-check.ts --from file.jsonl   (the tables again)
 */
import { appendFileSync, readFileSync, writeFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import type { BidCheckRow } from '../src/matchmaster-bidcheck.ts';
import {
  calibrationByGap,
  checkBids,
  formatBidCheck,
  formatCalibration,
  summarizeBidCheck,
} from '../src/matchmaster-bidcheck.ts';

const { values } = parseArgs({
  options: {
    deals: { type: 'string', default: '700' },
    players: { type: 'string', default: '4' },
    sizes: { type: 'string', default: '7,6,5,4' },
    reps: { type: 'string', default: '2' },
    seed: { type: 'string', default: 'cf' },
    bot: { type: 'string', default: 'expert' },
    opponents: { type: 'string', default: 'hard' },
    rows: { type: 'string' },
    from: { type: 'string' },
  },
});
const count = (name: string, text: string): number => {
  const x = Number(text);
  if (!Number.isInteger(x) || x < 1)
    throw new Error(`--${name} takes a whole number from 1 up (got "${text}")`);
  return x;
};
const sizes = values.sizes.split(',').map((t) => count('sizes', t));
let rows: BidCheckRow[];
if (values.from) {
  // The tables again from the rows a run wrote (--rows), without playing.
  rows = readFileSync(values.from, 'utf8')
    .split('\n')
    .filter((line) => line.trim() !== '')
    .map((line) => JSON.parse(line) as BidCheckRow);
  console.log(`${rows.length} deals from ${values.from}`);
} else {
  if (values.rows) writeFileSync(values.rows, '');
  const started = performance.now();
  rows = await checkBids(
    {
      deals: count('deals', values.deals),
      players: count('players', values.players),
      sizes,
      reps: count('reps', values.reps),
      seed: values.seed,
      bot: values.bot,
      opponents: values.opponents,
    },
    (row) => {
      if (values.rows) appendFileSync(values.rows, `${JSON.stringify(row)}\n`);
      process.stderr.write('.');
    },
  );
  process.stderr.write('\n');
  console.log(
    `${values.bot} against ${values.opponents}, ${values.players} players: ${rows.length} deals, ${values.reps} playouts per bid, seed "${values.seed}", ${((performance.now() - started) / 1000).toFixed(0)} s`,
  );
}
console.log(formatBidCheck(summarizeBidCheck(rows)));
console.log('\nthe same other bids, by how many points less the search predicted them to score:');
console.log(formatCalibration(calibrationByGap(rows)));
