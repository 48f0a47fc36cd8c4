/**
 * Idle tables in their compact form (live-table.ts, `compact`): a started table unused for the
 * idle time with no connection on the node drops its referee, its events and its cached views and
 * keeps its log as text; its first use rebuilds it through the engine's replay of the log. On the
 * service's own clock (service-harness.ts): the idle sweep, the bots and the clocks run on it.
 */
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import type { TableUpdate } from '@matchbox/client/wire';
import { afterEach, describe, expect, it } from 'vitest';
import type { Harness } from './service-harness.ts';
import { serviceHarness } from './service-harness.ts';

const IDLE_MS = 5_000;

let h: Harness | null = null;
afterEach(async () => {
  await h?.close();
  h = null;
});

/**
 * A MatchMaster table of four (the last `bots` seats bots): its id and each person's token. A day
 * per move by default (a slow game: the clock is far off, as at a table where nobody plays).
 */
async function peopleTable(harness: Harness, clockSeconds = 86_400, bots = 0) {
  const players = 4;
  const made = await harness.service.create(
    {
      game: 'matchmaster',
      players,
      name: 'Ada',
      clockSeconds,
      seats: Array.from({ length: players }, (_, i) =>
        i >= players - bots ? { kind: 'bot', level: 'easy' } : { kind: 'open' },
      ),
    },
    'test',
  );
  if (!made.ok) throw new Error(made.error.message);
  const id = made.value.table.id;
  const tokens = [made.value.ticket!.token];
  for (let seat = 1; seat < players - bots; seat++) {
    const joined = await harness.service.join(id, { name: `P${seat}`, invite: made.value.invite });
    if (!joined.ok) throw new Error(joined.error.message);
    tokens.push(joined.value.token);
  }
  return { id, tokens };
}

/** Plays `moves` first legal actions of the people to act. */
async function play(harness: Harness, id: string, moves: number) {
  for (let i = 0; i < moves; i++) {
    const now = harness.service.current(id, null)!;
    const seat = now.toAct.find((s) => now.seats[s]!.kind === 'human');
    if (seat === undefined) return;
    const action = harness.service.current(id, seat)!.legal[0]!.text;
    const acted = await harness.service.act(id, seat, action, 'human');
    if (!acted.ok) throw new Error(acted.error.message);
  }
}

/** What every viewer (each seat, a spectator) is shown now, with the events missed since 0 and 3. */
async function views(harness: Harness, id: string, tokens: string[]) {
  const out: unknown[] = [];
  for (const token of [...tokens, undefined])
    for (const since of [0, 3]) {
      const attached = await harness.service.attach(id, token, since);
      if (!attached.ok) throw new Error(attached.error.message);
      out.push(attached.value.catchUp());
    }
  return out;
}

/** Moves the clock on by `ms`, then waits for the idle sweep running then (it reads the store). */
async function idle(harness: Harness, ms: number) {
  await harness.advance(ms);
  await harness.service.compactIdle();
}

const compacted = (harness: Harness) => harness.service.memory().tablesCompacted;

describe('an idle table is kept compact and rebuilt on use', () => {
  it('compacted and rebuilt, every viewer sees the same and the next move is taken', async () => {
    h = await serviceHarness(1_000_000, { tableIdleMs: IDLE_MS });
    const { id, tokens } = await peopleTable(h);
    await play(h, id, 9);
    const before = await views(h, id, tokens);
    const version = h.service.current(id, 0)!.version;
    await idle(h, IDLE_MS / 2);
    expect(compacted(h)).toBe(0);
    await idle(h, IDLE_MS * 1.5);
    expect(compacted(h)).toBe(1);
    // The lobby's list of a person's tables says whose turn it is without rebuilding it.
    const lobby = await h.service.lobby([{ tableId: id, token: tokens[0]! }]);
    expect(lobby.mine[0]!.toAct).toEqual((before[0] as { update: TableUpdate }).update.toAct);
    expect(compacted(h)).toBe(1);
    // A hello (attach, then its catch-up) rebuilds it: the same updates and missed events.
    expect(await views(h, id, tokens)).toEqual(before);
    expect(compacted(h)).toBe(0);
    await play(h, id, 1);
    expect(h.service.current(id, 0)!.version).toBe(version + 1);
    // Idle again: compacted again, and an action (no hello) rebuilds it and is taken.
    await idle(h, IDLE_MS * 2);
    expect(compacted(h)).toBe(1);
    await play(h, id, 1);
    expect(h.service.current(id, 0)!.version).toBe(version + 2);
  });

  it('nothing is compacted while a seat or a spectator is connected', async () => {
    h = await serviceHarness(1_000_000, { tableIdleMs: IDLE_MS });
    const { id } = await peopleTable(h);
    await play(h, id, 3);
    for (const seat of [2, null]) {
      h.service.connected(id, seat, 1);
      await idle(h, IDLE_MS * 3);
      expect(compacted(h)).toBe(0);
      h.service.connected(id, seat, -1);
    }
    await idle(h, IDLE_MS * 2);
    expect(compacted(h)).toBe(1);
  });

  it('a slow game’s clock runs out at a compacted table: the clock’s move is made on the rebuilt state', async () => {
    h = await serviceHarness(1_000_000, { tableIdleMs: IDLE_MS });
    // A minute per move: the clock is far off (past the idle time), so the table is compacted meanwhile.
    const { id } = await peopleTable(h, 60);
    await play(h, id, 2);
    const deadline = h.service.current(id, 0)!.deadlineAt!;
    const toAct = h.service.current(id, 0)!.toAct;
    await idle(h, IDLE_MS * 2);
    expect(compacted(h)).toBe(1);
    await h.advance(deadline - h.now() - IDLE_MS / 2);
    // The clock is due within the idle time: nothing compacted it again, and its move is next.
    await idle(h, IDLE_MS);
    const clocked = (await h.store.actions(id)).filter((a) => a.actor === 'clock');
    expect(clocked.map((a) => a.seat).sort()).toEqual([...toAct].sort());
    expect(h.service.current(id, 0)!.version).toBe(2 + clocked.length);
  });

  it('a bot moves after a person’s move at a compacted table', async () => {
    h = await serviceHarness(1_000_000, { tableIdleMs: IDLE_MS });
    // Three people and a bot at the last seat: the bot's turn comes after the people's moves.
    const { id } = await peopleTable(h, 86_400, 1);
    await h.advance(100);
    await idle(h, IDLE_MS * 2);
    expect(compacted(h)).toBe(1);
    const versionBefore = h.service.current(id, 0)!.version;
    // Every person plays until the bot has moved again.
    let botMoves = (await h.store.actions(id)).filter((a) => a.actor === 'bot').length;
    const botMovesBefore = botMoves;
    for (let i = 0; i < 8 && botMoves === botMovesBefore; i++) {
      await play(h, id, 1);
      await h.advance(100);
      botMoves = (await h.store.actions(id)).filter((a) => a.actor === 'bot').length;
    }
    expect(botMoves).toBeGreaterThan(botMovesBefore);
    expect(h.service.current(id, 0)!.version).toBeGreaterThan(versionBefore);
  });
});

describe('what an idle table holds', () => {
  it('compacted tables drop their state and over a third of the heap the same tables hold whole', async () => {
    setFlagsFromString('--expose-gc');
    const gc = runInNewContext('gc') as () => void;
    const heap = () => {
      // The harness keeps every update it was given: not the tables' memory.
      h!.sent.length = 0;
      gc();
      gc();
      return process.memoryUsage().heapUsed;
    };
    h = await serviceHarness(1_000_000, { tableIdleMs: IDLE_MS });
    const n = 60;
    // Tables played, compacted, rebuilt and compacted first: the code their paths compile (the
    // optimizer's, once warm) is not the tables' memory.
    const warm = 10;
    for (let round = 0; round < 2; round++) {
      const first: string[] = [];
      for (let i = 0; i < warm; i++) first.push((await peopleTable(h)).id);
      for (const id of first) await play(h, id, 12);
      await idle(h, IDLE_MS * 2);
      for (const id of first) h.service.current(id, 0);
      await idle(h, IDLE_MS * 2);
    }
    const empty = heap();
    const states: WeakRef<object>[] = [];
    const ids: string[] = [];
    for (let i = 0; i < n; i++) {
      const { id } = await peopleTable(h);
      await play(h, id, 12);
      ids.push(id);
      states.push(new WeakRef(h.service.inspect(id)!.state as object));
    }
    await idle(h, IDLE_MS * 2);
    expect(compacted(h)).toBe(n + 2 * warm);
    // No table's state is held any more once compacted.
    heap();
    expect(states.filter((s) => s.deref() !== undefined)).toHaveLength(0);
    // Measured once every path has run on these tables: each rebuilt (every viewer's update made)
    // and compacted again.
    for (const id of ids) for (const viewer of [0, 1, 2, 3, null]) h.service.current(id, viewer);
    expect(compacted(h)).toBe(2 * warm);
    const whole = heap() - empty;
    await idle(h, IDLE_MS * 2);
    expect(compacted(h)).toBe(n + 2 * warm);
    const compact = heap() - empty;
    // Measured here: about 23 kB a table whole, 11 kB compacted (code compiled on the way
    // included); without compaction the two are the same.
    expect(whole - compact).toBeGreaterThan(whole / 3);
  });
});
