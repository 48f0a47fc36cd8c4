/**
 * Whether a game counts for the ratings, decided once, when it starts, and kept with the table (so
 * the table can say so, and it never changes behind the players' backs). docs/server.md, "Ratings"
 * and "Threat model", gives the rule and why:
 * - the game is the standard game of a rated format (`RATED_FORMATS`), for two or more seats;
 * - every seat is a member (an account took it) or a bot, and at least one member plays;
 * - no two seats are one member, joined from one address, or from one browser (its random id in
 *   local storage, the `X-Matchbox-Browser` header): one person at two seats would rate
 *   themselves;
 * - each pair of members has had fewer than `DAILY_PAIR_GAMES` rated games that day (UTC): the
 *   rest of their games that day are played unrated, so two accounts of one person behind two
 *   connections gain little by playing each other over and over.
 * A rated game can still become unrated later (`seat_replaced`: a seat changed hands during the
 * game; `player_left`: a person left it, leaving.ts); an unrated one never becomes rated.
 */
import type { RatedStatus, SeatRecord, UnratedReason } from '@matchbox/client/wire';
import { isRatedFormat } from './ratings.ts';
import type { SeatOrigin, Store, TableRecord } from './store.ts';

/** Rated games a day (UTC) between the same two members; later ones that day are unrated. */
export const DAILY_PAIR_GAMES = 3;

export const RATED: RatedStatus = { rated: true, reason: null };
export const unrated = (reason: UnratedReason): RatedStatus => ({ rated: false, reason });

/** The day (UTC, YYYY-MM-DD) of a moment in ms. */
export const utcDay = (at: number): string => new Date(at).toISOString().slice(0, 10);

/** Whether two seats share something that makes them one person (in the order of the reasons). */
function shared(a: SeatOrigin, b: SeatOrigin): 'same_member' | 'shared_address' | 'shared_browser' | null {
  if (a.account !== null && a.account === b.account) return 'same_member';
  if (a.address === b.address) return 'shared_address';
  if (a.browser !== null && a.browser === b.browser) return 'shared_browser';
  return null;
}

/**
 * The rated status that the seats alone decide (everything but the daily cap): `seats` as they
 * are at the start, `origins` where each person joined from.
 */
export function ratedBySeats(
  record: Pick<TableRecord, 'game' | 'options' | 'players'>,
  seats: readonly SeatRecord[],
  origins: readonly (SeatOrigin | null)[],
): RatedStatus {
  if (record.players < 2) return unrated('solitaire');
  if (!isRatedFormat(record.game, record.options)) return unrated('format');
  const people: SeatOrigin[] = [];
  for (let seat = 0; seat < seats.length; seat++) {
    const s = seats[seat]!;
    if (s.kind === 'bot') continue;
    const origin = origins[seat];
    if (s.kind !== 'human' || s.left || !origin || origin.account === null) return unrated('guest');
    people.push(origin);
  }
  if (people.length === 0) return unrated('no_member');
  for (let i = 0; i < people.length; i++)
    for (let j = i + 1; j < people.length; j++) {
      const reason = shared(people[i]!, people[j]!);
      if (reason) return unrated(reason);
    }
  return RATED;
}

/** Every pair of the members at a table, each as (smaller id, larger id). */
export function memberPairs(origins: readonly (SeatOrigin | null)[]): [string, string][] {
  const accounts = [...new Set(origins.flatMap((o) => (o?.account ? [o.account] : [])))].sort();
  const pairs: [string, string][] = [];
  for (let i = 0; i < accounts.length; i++)
    for (let j = i + 1; j < accounts.length; j++) pairs.push([accounts[i]!, accounts[j]!]);
  return pairs;
}

/**
 * The rated status of a game starting now: the seats' verdict, then the daily cap, whose places
 * are taken in the store (`claimRatedPairs`) so that two tables starting at once on two nodes
 * cannot both take the last. A caller whose start is then not stored gives them back
 * (`releaseRatedPairs`).
 */
export async function ratedAtStart(
  store: Store,
  record: TableRecord,
  seats: readonly SeatRecord[],
  origins: readonly (SeatOrigin | null)[],
  now: number,
): Promise<RatedStatus> {
  const bySeats = ratedBySeats(record, seats, origins);
  if (!bySeats.rated) return bySeats;
  const pairs = memberPairs(origins);
  if (pairs.length === 0) return bySeats;
  const claimed = await store.claimRatedPairs(record.id, pairs, utcDay(now), DAILY_PAIR_GAMES);
  return claimed ? bySeats : unrated('daily_pair_limit');
}

/**
 * The status after the seats changed during a game: a rated game whose seat went to someone else
 * (a bot or another person) than the one who sat there at the start is unrated from then on.
 */
export function ratedAfterSeatChange(
  rated: RatedStatus | null | undefined,
  before: readonly SeatRecord[],
  after: readonly SeatRecord[],
): RatedStatus | null {
  if (!rated?.rated) return rated ?? null;
  // A person left: a stand-in plays for good, and the game is unrated for the others (leaving.ts).
  const left = after.some((s, seat) => s.kind === 'human' && s.left && before[seat]?.left === false);
  if (left) return unrated('player_left');
  const changed = after.some((s, seat) => {
    const b = before[seat];
    return !b || b.kind !== s.kind || (s.kind === 'human' && s.tokenHash !== b.tokenHash && !s.left);
  });
  return changed ? unrated('seat_replaced') : rated;
}
