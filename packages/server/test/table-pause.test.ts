/**
 * The table's pause at a hand's end (table-pause.ts), on the service's own clock
 * (service-harness.ts): after the move that scores a MatchMaster hand, every update says when the
 * pause ends, the next turn's clock starts only after it, and a bot's next move waits it out; a
 * server configured without a pause plays on at once.
 */
import type { TableUpdate } from '@matchbox/client/wire';
import { afterEach, describe, expect, it } from 'vitest';
import { configFromEnv } from '../src/config.ts';
import { TABLE_PAUSE_MS, pausesAfter } from '../src/table-pause.ts';
import type { Harness } from './service-harness.ts';
import { serviceHarness } from './service-harness.ts';

let h: Harness | null = null;
afterEach(async () => {
  await h?.close();
  h = null;
});

/** A two-seat MatchMaster table of 1-card hands with a 20 s clock; seat 1 a person or a bot. */
async function table(harness: Harness, second: 'person' | 'bot') {
  const made = await harness.service.create(
    {
      game: 'matchmaster',
      players: 2,
      name: 'Ada',
      options: { handSizes: [1, 1, 1] },
      seats: [{ kind: 'open' }, second === 'bot' ? { kind: 'bot', level: 'easy' } : { kind: 'open' }],
      clockSeconds: 20,
    },
    'test',
  );
  if (!made.ok) throw new Error(made.error.message);
  const id = made.value.table.id;
  if (second === 'person') {
    const joined = await harness.service.join(id, { name: 'Bob', invite: made.value.invite });
    if (!joined.ok) throw new Error(joined.error.message);
  }
  harness.service.connected(id, 0, +1);
  if (second === 'person') harness.service.connected(id, 1, +1);
  await harness.advance(100);
  return id;
}

const viewOf = (harness: Harness, id: string, seat: number): TableUpdate =>
  harness.service.current(id, seat)!;
const hand = (u: TableUpdate) => (u.view as { hand: number }).hand;

/** The people at the table play their first legal moves until the first hand is scored. */
async function playFirstHand(harness: Harness, id: string, people: readonly number[]): Promise<number> {
  const first = hand(viewOf(harness, id, 0));
  for (let i = 0; i < 20 && hand(viewOf(harness, id, 0)) === first; i++) {
    const toAct = viewOf(harness, id, 0).toAct.filter((s) => people.includes(s));
    for (const seat of toAct) {
      const ok = await harness.service.act(id, seat, viewOf(harness, id, seat).legal[0]!.text, 'human');
      expect(ok.ok).toBe(true);
    }
    await harness.advance(50);
  }
  expect(hand(viewOf(harness, id, 0))).toBe(first + 1);
  return harness.now();
}

describe("the table's pause at a hand's end", () => {
  it('starts the next clock after the pause, and says when it ends', async () => {
    h = await serviceHarness(1_000_000, { tablePauseMs: 3000 });
    const id = await table(h, 'person');
    const before = viewOf(h, id, 0);
    expect(before.pauseUntil).toBeNull();
    await playFirstHand(h, id, [0, 1]);
    const scored = (await h.store.actions(id)).at(-1)!.at;
    const after = viewOf(h, id, 1);
    expect(after.pauseUntil).toBe(scored + 3000);
    expect(after.deadlineAt).toBe(scored + 3000 + 20_000);
    // Every seat's update and the spectators' carried it with the move that scored the hand.
    const sent = h.sent.filter((s) => s.tableId === id && s.update.pauseUntil === scored + 3000);
    expect(new Set(sent.map((s) => s.viewer))).toEqual(new Set([0, 1, null]));
    // A person's move during the pause ends it.
    const bid = await h.service.act(id, 0, viewOf(h, id, 0).legal[0]!.text, 'human');
    expect(bid.ok).toBe(true);
    expect(viewOf(h, id, 0).pauseUntil).toBeNull();
  });

  it("holds a bot's next move until the pause is over", async () => {
    h = await serviceHarness(1_000_000, { tablePauseMs: 3000 });
    const id = await table(h, 'bot');
    await playFirstHand(h, id, [0]);
    const scored = (await h.store.actions(id)).at(-1)!.at;
    const count = (await h.store.actions(id)).length;
    await h.advance(scored + 3000 - h.now() - 200);
    expect(await h.store.actions(id)).toHaveLength(count);
    await h.advance(400);
    const next = (await h.store.actions(id)).slice(count);
    expect(next.map((a) => a.actor)).toEqual(['bot']);
    expect(next[0]!.at).toBeGreaterThanOrEqual(scored + 3000);
  });

  it('is not kept where the server has none (the test servers), and is 4 s by the configuration', async () => {
    h = await serviceHarness();
    const id = await table(h, 'person');
    await playFirstHand(h, id, [0, 1]);
    const scored = (await h.store.actions(id)).at(-1)!.at;
    expect(viewOf(h, id, 0).pauseUntil).toBeNull();
    expect(viewOf(h, id, 0).deadlineAt).toBe(scored + 20_000);
    expect(configFromEnv({}).tablePauseMs).toBe(TABLE_PAUSE_MS);
    expect(configFromEnv({ TABLE_PAUSE_MS: '0' }).tablePauseMs).toBe(0);
    expect(() => configFromEnv({ TABLE_PAUSE_MS: '60000' })).toThrow(/TABLE_PAUSE_MS/);
  });
});

describe('the moves that start a pause', () => {
  it("are a MatchMaster hand's, a MATCH! round's and a MATCHET round's scoring, public or a seat's", () => {
    const round = { type: 'round_end', round: 1, winner: 0, points: [3, -10], totals: [3, -10] };
    expect(pausesAfter([{ all: { type: 'place' } }, { all: round }, { all: { type: 'deal' } }])).toBe(true);
    expect(pausesAfter([{ all: { type: 'round_scored' } }])).toBe(true);
    expect(pausesAfter([{ all: null, seats: { 0: { type: 'hand_scored' } } }])).toBe(true);
    expect(pausesAfter([{ all: { type: 'place' } }, { all: { type: 'game_over' } }])).toBe(false);
  });
});
