/**
 * Matchpoints, the scoring of duplicate play (docs/server.md, "Duplicate events"): on each deal,
 * an entrant scores the percentage of the other entrants' results on that deal that theirs beat,
 * a tie counting half; alone on a deal, 50%. The event's score is the average over all its deals,
 * a deal not played counting 0%. Members and guests are ranked apart: each is compared with, and
 * ranked among, their own kind only.
 */

export interface EntrantResults {
  readonly guest: boolean;
  /** The result of each deal played so far, in deal order (higher is better). */
  readonly results: readonly number[];
}

export interface Scored {
  /** Per deal: the matchpoints in percent, or null when the deal is not played. */
  readonly matchpoints: readonly (number | null)[];
  /** The average over all `deals` in percent (an unplayed deal counts 0). */
  readonly score: number;
  /** 1 = best within the entrant's kind (member or guest); equal scores share a rank. */
  readonly rank: number;
}

/** Matchpoints of one result against the others' results on the same deal. */
export function dealMatchpoints(mine: number, others: readonly number[]): number {
  if (others.length === 0) return 50;
  let points = 0;
  for (const r of others) points += r < mine ? 1 : r === mine ? 0.5 : 0;
  return (100 * points) / others.length;
}

/** Scores every entrant of an event of `deals` deals, in the order given. */
export function scoreEvent(entrants: readonly EntrantResults[], deals: number): Scored[] {
  const scored = entrants.map((e) => {
    const field = entrants.filter((o) => o !== e && o.guest === e.guest);
    const matchpoints = Array.from({ length: deals }, (_, d) => {
      const mine = e.results[d];
      if (mine === undefined) return null;
      const others = field.flatMap((o) => (o.results[d] === undefined ? [] : [o.results[d]]));
      return dealMatchpoints(mine, others);
    });
    const score = deals === 0 ? 0 : matchpoints.reduce<number>((sum, mp) => sum + (mp ?? 0), 0) / deals;
    return { matchpoints, score: Math.round(score * 100) / 100 };
  });
  return scored.map((s, i) => ({
    ...s,
    rank: 1 + scored.filter((o, j) => entrants[j]!.guest === entrants[i]!.guest && o.score > s.score).length,
  }));
}
