/**
 * Are a MatchMaster bot's bids the best it could make? A measurement, not a bot: on each deal the
 * checked seat bids as its bot does (after the other seats have bid: bids are secret, MM-4, so the
 * order changes nothing), and then the same deal is played to the end of the hand once for each
 * candidate bid (the bot's, one lower and one higher) with every seat's real bot, `reps` times
 * with fresh bot seeds. The difference between a candidate's points and the bot's own choice,
 * averaged over deals, says whether bidding lower or higher would have scored more (MM-9), and
 * comparing it with the difference the bot's search predicted says whether the search's values
 * are calibrated against how the hand is really played.
 *
 * The checker holds the real state (it is the referee, like `playGame`); the bots it asks get
 * only their seat's view and determinizations (`contextFor`).
 */
import type { Action, MatchMasterAction, MatchMasterState, Seat } from '@matchbox/engine';
import { matchmaster } from '@matchbox/engine';
import type { Bot, SearchBot } from '@matchbox/bots';
import { createBotFromSpec, decide } from '@matchbox/bots';
import { rewardToPoints } from '@matchbox/bots/parts';
import type { Estimate } from './arena.ts';
import { estimate, signedEstimate } from './arena.ts';

const PHASE_PLAY = 1;

export interface BidCheckConfig {
  /** Deals to check; deal d uses hand size `sizes[d mod sizes.length]`. */
  readonly deals: number;
  readonly sizes: readonly number[];
  /** Playouts per candidate bid (each with fresh bot seeds). */
  readonly reps: number;
  readonly seed: string;
  readonly players?: number;
  /** Line-up entries (`parseBotSpec`) of the checked seat and of the others: expert and hard by default. */
  readonly bot?: string;
  readonly opponents?: string;
}

export interface BidCheckRow {
  readonly deal: number;
  readonly size: number;
  /** The checked seat, and its place after the hand's first leader (0: it leads, MM-3). */
  readonly seat: Seat;
  readonly position: number;
  /** The bot's bid. */
  readonly chosen: number;
  /** The bot's search's expected hand points per bid it visited (none for a bot that does not search). */
  readonly predicted: Readonly<Record<number, number>>;
  /** The checked seat's hand points in every playout, per candidate bid. */
  readonly realized: Readonly<Record<number, readonly number[]>>;
}

const bidAction = (bid: number): Action => ({ type: 'bid', bid }) as Action;

function apply(state: MatchMasterState, seat: Seat, action: Action): void {
  const error = matchmaster.applyInPlace(state, seat, action);
  if (error)
    throw new Error(
      `bid check: seat ${seat} cannot ${matchmaster.formatAction(action as MatchMasterAction)} (${error.code})`,
    );
}

/** The bot's action for `seat`, without time caps (every decision replays from its seed). */
const ask = (bot: Bot, state: MatchMasterState, seat: Seat): Promise<Action> =>
  decide(matchmaster, state, seat, bot, { timeMs: 0 });

/**
 * Checks `config.deals` deals and returns a row per deal (`onRow` is told of each as it is done).
 * Every deal is a three-hand game cut after its first hand, so the match in view (which weighs
 * only the last two hands) plays no part: the hand's points are what every bot plays for.
 */
export async function checkBids(
  config: BidCheckConfig,
  onRow?: (row: BidCheckRow) => void,
): Promise<BidCheckRow[]> {
  const n = config.players ?? 4;
  const rows: BidCheckRow[] = [];
  for (let deal = 0; deal < config.deals; deal++) {
    const size = config.sizes[deal % config.sizes.length]!;
    const seat = deal % n;
    const firstDealer = Math.floor(deal / n) % n;
    const setup = matchmaster.setup({
      players: n,
      seed: `${config.seed}:${deal}`,
      options: { handSizes: [size, size, size], firstDealer },
    });
    if (!setup.ok) throw new Error(`bid check: ${setup.error.message}`);
    const bots = (rep: number): Bot[] =>
      Array.from({ length: n }, (_, s) =>
        createBotFromSpec(
          'matchmaster',
          s === seat ? (config.bot ?? 'expert') : (config.opponents ?? 'hard'),
          `${config.seed}:${deal}:${rep}:${s}`,
        ),
      );
    const state = setup.value;
    const first = bots(0);
    for (let s = 0; s < n; s++) if (s !== seat) apply(state, s, await ask(first[s]!, state, s));
    const checked = first[seat]!;
    const chosen = ((await ask(checked, state, seat)) as MatchMasterAction & { bid: number }).bid;
    const last = (checked as Partial<SearchBot>).last;
    const predicted: Record<number, number> = {};
    if (last)
      for (const st of last.stats)
        if (st.visits > 0)
          predicted[(st.action as MatchMasterAction & { bid: number }).bid] = rewardToPoints(st.value, size);
    const realized: Record<number, number[]> = {};
    for (const bid of [chosen - 1, chosen, chosen + 1]) {
      if (bid < 0 || bid > size) continue;
      const points: number[] = (realized[bid] = []);
      for (let rep = 0; rep < config.reps; rep++) {
        const players = bots(rep + 1);
        const s = matchmaster.clone(state);
        apply(s, seat, bidAction(bid));
        while (s.phase === PHASE_PLAY && s.handIndex === 0)
          apply(s, s.toPlay, await ask(players[s.toPlay]!, s, s.toPlay));
        if (s.handIndex !== 1) throw new Error('bid check: the hand did not finish');
        points.push(s.history[seat * 3 + 2]!);
      }
    }
    const row: BidCheckRow = {
      deal,
      size,
      seat,
      position: (seat - (firstDealer + 1) + n) % n,
      chosen,
      predicted,
      realized,
    };
    rows.push(row);
    onRow?.(row);
  }
  return rows;
}

export interface BidCheckLine {
  readonly size: number;
  readonly direction: 'lower' | 'higher';
  /** Deals where that bid was possible. */
  readonly deals: number;
  /** Per deal: the candidate's mean points minus the chosen bid's. */
  readonly realized: Estimate;
  /** The same difference as the search predicted it (deals where it visited both bids). */
  readonly predicted: number | null;
}

const mean = (xs: readonly number[]): number => xs.reduce((a, b) => a + b, 0) / xs.length;

/** The mean points of bid `other` minus those of the chosen bid on a deal (null: not played). */
function gainOf(r: BidCheckRow, other: number): number | null {
  const alt = r.realized[other];
  return alt && alt.length > 0 ? mean(alt) - mean(r.realized[r.chosen]!) : null;
}

/** Per hand size and direction, how much bidding one lower or higher would have gained. */
export function summarizeBidCheck(rows: readonly BidCheckRow[]): BidCheckLine[] {
  const lines: BidCheckLine[] = [];
  const sizes = [...new Set(rows.map((r) => r.size))].sort((a, b) => b - a);
  for (const size of sizes)
    for (const direction of ['lower', 'higher'] as const) {
      const gains: number[] = [];
      const predictions: number[] = [];
      for (const r of rows) {
        if (r.size !== size) continue;
        const other = r.chosen + (direction === 'lower' ? -1 : 1);
        const gain = gainOf(r, other);
        if (gain === null) continue;
        gains.push(gain);
        const p = r.predicted[other];
        const c = r.predicted[r.chosen];
        if (p !== undefined && c !== undefined) predictions.push(p - c);
      }
      if (gains.length === 0) continue;
      lines.push({
        size,
        direction,
        deals: gains.length,
        realized: estimate(gains),
        predicted: predictions.length > 0 ? mean(predictions) : null,
      });
    }
  return lines;
}

export interface BidGapLine {
  /** The bucket: the search predicted the other bid to score between `from` and `to` points less. */
  readonly from: number;
  readonly to: number;
  /** Other bids (one lower or one higher) in the bucket, over all deals and sizes. */
  readonly bids: number;
  /** The mean predicted difference in the bucket, and the difference the playouts realized. */
  readonly predicted: number;
  readonly realized: Estimate;
}

/** Edges of the predicted-gap buckets, in points (the last bucket is open). */
export const GAP_EDGES: readonly number[] = [0.5, 1, 2, 4];

/**
 * The search's calibration at the margin: the other bids grouped by how much worse the search
 * predicted them to be. Where it predicted a small gap, a better bid would show as a realized
 * difference above zero.
 */
export function calibrationByGap(rows: readonly BidCheckRow[]): BidGapLine[] {
  const buckets = [...GAP_EDGES, Infinity].map(() => ({
    predicted: [] as number[],
    realized: [] as number[],
  }));
  for (const r of rows) {
    const c = r.predicted[r.chosen];
    if (c === undefined) continue;
    for (const other of [r.chosen - 1, r.chosen + 1]) {
      const gain = gainOf(r, other);
      const p = r.predicted[other];
      if (gain === null || p === undefined) continue;
      const gap = c - p;
      const k = GAP_EDGES.findIndex((edge) => gap < edge);
      const bucket = buckets[k < 0 ? GAP_EDGES.length : k]!;
      bucket.predicted.push(p - c);
      bucket.realized.push(gain);
    }
  }
  return buckets.flatMap((b, i) =>
    b.realized.length === 0
      ? []
      : [
          {
            from: i === 0 ? -Infinity : GAP_EDGES[i - 1]!,
            to: i < GAP_EDGES.length ? GAP_EDGES[i]! : Infinity,
            bids: b.realized.length,
            predicted: mean(b.predicted),
            realized: estimate(b.realized),
          },
        ],
  );
}

const signed = (x: number): string => `${x >= 0 ? '+' : ''}${x.toFixed(2)}`;

/** The calibration table as text. */
export function formatCalibration(lines: readonly BidGapLine[]): string {
  const out = ['predicted loss  other bids  search predicted  realized (95% CI)'];
  for (const l of lines) {
    const range =
      l.to === Infinity
        ? `${l.from} or more`
        : l.from === -Infinity
          ? `under ${l.to}`
          : `${l.from} to ${l.to}`;
    out.push(
      `${range.padEnd(14)}  ${String(l.bids).padStart(10)}  ${signed(l.predicted).padStart(16)}  ${signedEstimate(l.realized)}`,
    );
  }
  return out.join('\n');
}

/** The summary as a text table. */
export function formatBidCheck(lines: readonly BidCheckLine[]): string {
  const out = ['size  other bid  deals  points gained (95% CI)  search predicted'];
  for (const l of lines)
    out.push(
      `${String(l.size).padStart(4)}  ${(l.direction === 'lower' ? 'one lower' : 'one higher').padEnd(9)}  ${String(l.deals).padStart(5)}  ${signedEstimate(l.realized).padEnd(22)}  ${l.predicted === null ? '-' : signed(l.predicted)}`,
    );
  return out.join('\n');
}
