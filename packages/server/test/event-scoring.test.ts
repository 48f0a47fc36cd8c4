/**
 * Matchpoints (events/scoring.ts) on the worked example of docs/server.md, "Duplicate events",
 * and the events' calendar (events/schedule.ts): ids, days, Monday weeks, open and closed.
 */
import { describe, expect, it } from 'vitest';
import type { GameEvent, Sweet16Event } from '@matchbox/engine';
import { Rng, sweet16 } from '@matchbox/engine';
import { eventGame } from '../src/events/games/index.ts';
import { dealMatchpoints, scoreEvent } from '../src/events/scoring.ts';
import { currentEvents, eventOfCreator, isOpen, parseEventId } from '../src/events/schedule.ts';
import { eventClosedRefusal, eventTableRefusal } from '../src/events/access.ts';
import { hashSecret } from '../src/tokens.ts';

describe('matchpoints', () => {
  it('beat one of two and tie the other: 75%; alone: 50%; no one beaten: 0%', () => {
    expect(dealMatchpoints(13, [13, -2])).toBe(75);
    expect(dealMatchpoints(4, [])).toBe(50);
    expect(dealMatchpoints(-2, [13, 13])).toBe(0);
  });

  it('the documented example: three members and a guest over two deals', () => {
    const scored = scoreEvent(
      [
        { guest: false, results: [13, 11] }, // Ann
        { guest: false, results: [13, -1] }, // Bob
        { guest: false, results: [-2] }, // Cy stopped after the first deal
        { guest: true, results: [12, 10] }, // a guest, ranked apart
      ],
      2,
    );
    expect(scored.map((s) => s.matchpoints)).toEqual([
      [75, 100],
      [75, 0],
      [0, null],
      [50, 50],
    ]);
    expect(scored.map((s) => s.score)).toEqual([87.5, 37.5, 0, 50]);
    expect(scored.map((s) => s.rank)).toEqual([1, 2, 3, 1]);
  });

  it('equal scores share a rank', () => {
    const scored = scoreEvent(
      [
        { guest: false, results: [5] },
        { guest: false, results: [5] },
        { guest: false, results: [1] },
      ],
      1,
    );
    expect(scored.map((s) => [s.score, s.rank])).toEqual([
      [75, 1],
      [75, 1],
      [0, 3],
    ]);
  });
});

describe('the calendar', () => {
  it('a daily event runs one UTC day, a weekly one from Monday to Monday', () => {
    const daily = parseEventId('matchmaster-daily-2026-11-29')!;
    expect(daily.closesAt - daily.opensAt).toBe(86_400_000);
    expect(new Date(daily.opensAt).toISOString()).toBe('2026-11-29T00:00:00.000Z');
    const weekly = parseEventId('match-weekly-2026-11-23')!;
    expect(new Date(weekly.closesAt).toISOString()).toBe('2026-11-30T00:00:00.000Z');
    expect(parseEventId('match-weekly-2026-11-24')).toBeNull(); // a Tuesday
    expect(parseEventId('match-daily-2026-02-30')).toBeNull();
    expect(parseEventId('chess-daily-2026-11-29')).toBeNull();
  });

  it("the events open on a Sunday evening: that day's and that week's, of every game", () => {
    const now = Date.parse('2026-11-29T21:00:00Z');
    const ids = currentEvents(now).map((e) => e.id);
    expect(ids).toContain('sweet16-daily-2026-11-29');
    expect(ids).toContain('matchet-weekly-2026-11-23');
    expect(ids).toHaveLength(8);
    for (const e of currentEvents(now)) expect(isOpen(e, now)).toBe(true);
    expect(isOpen(parseEventId('sweet16-daily-2026-11-28')!, now)).toBe(false);
  });

  it("an event's table: its own seat only while open, nobody's moves once closed", () => {
    const record = {
      creator: 'event:match-daily-2026-11-29',
      seats: [
        {
          kind: 'human' as const,
          name: 'Ann',
          level: 'medium' as const,
          tokenHash: hashSecret('t'.repeat(24)),
          left: false,
        },
      ],
    };
    const during = Date.parse('2026-11-29T12:00:00Z');
    const after = Date.parse('2026-11-30T00:00:01Z');
    expect(eventOfCreator(record.creator)?.game).toBe('match');
    expect(eventTableRefusal(record, null, during)?.code).toBe('not_finished');
    expect(eventTableRefusal(record, 'x'.repeat(24), during)?.code).toBe('not_finished');
    expect(eventTableRefusal(record, 't'.repeat(24), during)).toBeNull();
    expect(eventTableRefusal(record, null, after)).toBeNull();
    expect(eventClosedRefusal(record, during)).toBeNull();
    expect(eventClosedRefusal(record, after)?.code).toBe('event_closed');
    expect(eventTableRefusal({ ...record, creator: '127.0.0.1' }, null, during)).toBeNull();
  });
});

describe("each game's deals", () => {
  it("Sweet16's weekly event is three grids, each a deal scored apart (ruling S16-X11)", () => {
    const events = eventGame('sweet16')!;
    expect(events.deals('daily')).toBe(1);
    expect(events.deals('weekly')).toBe(3);
    const made = sweet16.setup({ players: 3, seed: 'weekly', options: events.options('weekly') });
    if (!made.ok) throw new Error(made.error.message);
    const s = made.value;
    const rng = Rng.fromSeed('entrant');
    const seen: number[][] = [];
    for (let i = 0; i < 40_000 && !sweet16.isOver(s); i++) {
      const seat = sweet16.toAct(s)[0]!;
      const legal = sweet16.legalActions(s, seat);
      const happened: GameEvent<Sweet16Event>[] = [];
      expect(sweet16.applyInPlace(s, seat, legal[rng.int(legal.length)], happened)).toBeNull();
      if (i === 0 || happened.some((e) => e.all?.type === 'grid_over' || e.all?.type === 'game_over'))
        seen.push(events.results(sweet16.view(s, null), sweet16.result(s), 0));
    }
    expect(sweet16.isOver(s)).toBe(true);
    // A grid counts once it is over: one result, then two, then all three at the end.
    expect(seen.map((r) => r.length)).toEqual([0, 1, 2, 3]);
    const results = seen.at(-1)!;
    expect(results.slice(0, 2)).toEqual(seen[2]);
    expect(results.reduce((a, b) => a + b, 0)).toBe(sweet16.result(s)!.scores[0]);
  });
});
