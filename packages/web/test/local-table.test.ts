// @vitest-environment node
// The local table (the referee of games in the browser): the person's updates carry no card the
// person may not know, undo follows the server's policy, a saved game resumes with its log, and
// the daily deal is solved when given up.
import type { TableUpdate } from '@matchbox/client/wire';
import { describe, expect, it } from 'vitest';
import { dailyDeal } from '../src/games/matchet/daily.ts';
import type { SaveStore } from '../src/local/host.ts';
import { LocalHost } from '../src/local/host.ts';
import type { LocalSetup } from '../src/local/localTable.ts';
import { LocalTable } from '../src/local/localTable.ts';
import type { PageMessage, WorkerMessage } from '../src/local/protocol.ts';
import { memoryStore } from '../src/local/saveStore.ts';

const shortMatchMaster: LocalSetup = {
  game: 'matchmaster',
  players: 4,
  options: { handSizes: [3, 2] },
  seed: 'local-test',
  level: 'medium',
  name: 'Ada',
};

/** A host whose every message is checked against the real state as it is posted. */
function checkedHost(store: SaveStore = memoryStore()) {
  const messages: WorkerMessage[] = [];
  const leaks: string[] = [];
  const host: LocalHost = new LocalHost(
    (m) => {
      // The real state at the moment of posting: the cards seat 0 must not know.
      const table = (host as unknown as { table: LocalTable | null }).table;
      if (table && m.type === 'update') {
        // (A card's name alone is checked against the present deal: the events may name a card
        // played in an earlier hand, public then, that another seat holds now.)
        const hidden = table.game.hiddenCards(table.state, 0);
        const { view, legal, blocked } = m.update;
        const dealt = m.update.events.filter((e) => (e as { type: string }).type === 'hand_dealt');
        const text = JSON.stringify({ view, legal, blocked, dealt });
        for (const card of hidden) if (text.includes(`"${card}"`)) leaks.push(card);
      }
      messages.push(structuredClone(m));
    },
    store,
    () => Promise.resolve(),
  );
  const updates = () =>
    messages.filter((m): m is Extract<WorkerMessage, { type: 'update' }> => m.type === 'update');
  const latest = () => updates().at(-1)!.update;
  return { host, messages, leaks, updates, latest };
}

/** Lets the host's bot loop run until it waits for the person (or the game ends). */
async function settle(): Promise<void> {
  for (let i = 0; i < 200; i++) await new Promise((r) => setTimeout(r, 0));
}

describe('the local table', () => {
  it('plays a short MatchMaster against bots to the end without posting another seat`s cards', async () => {
    const { host, messages, leaks, latest } = checkedHost();
    await host.handle({ type: 'open', key: 'play:mm', setup: shortMatchMaster, fresh: true, paceMs: 0 });
    let id = 1;
    for (let turns = 0; turns < 40 && latest().status !== 'finished'; turns++) {
      await settle();
      const u = latest();
      if (u.status === 'finished') break;
      expect(u.toAct).toContain(0);
      await host.handle({ type: 'act', id: id++, text: u.legal[0]!.text });
    }
    await settle();
    expect(latest().status).toBe('finished');
    expect(latest().result).toMatchObject({ scores: expect.any(Array) });
    expect(leaks).toEqual([]);
    // The page hears updates, acks and nothing else: never the seed or the record.
    expect(new Set(messages.map((m) => m.type))).toEqual(new Set(['update', 'ack']));
    expect(JSON.stringify(messages)).not.toContain('local-test');
    // Every update is seat 0's: its hand is its own, the others' hands are counts.
    for (const m of messages) if (m.type === 'update') expect(m.update.seat).toBe(0);
  });

  it('refuses a move that is not legal and changes nothing', async () => {
    const { host, messages, latest } = checkedHost();
    await host.handle({ type: 'open', key: 'k', setup: shortMatchMaster, fresh: true, paceMs: 0 });
    await settle();
    const before = latest();
    await host.handle({ type: 'act', id: 7, text: 'bid 9' });
    expect(messages.at(-1)).toMatchObject({
      type: 'ack',
      id: 7,
      ok: false,
      error: { code: 'bid_out_of_range' },
    });
    expect(latest()).toBe(before);
  });

  it('takes back the person`s own unrevealing bid, not once another seat has acted', () => {
    const started = LocalTable.start(shortMatchMaster);
    if (!started.ok) throw new Error(started.error.message);
    const table = started.value;
    expect(table.update([]).canUndo).toBe(false);
    expect(table.act('bid 1').ok).toBe(true);
    expect(table.update([]).canUndo).toBe(true);
    expect((table.update([]).view as { bids: unknown[] }).bids[0]).toBe(1);
    expect(table.undo()).toBeNull();
    expect((table.update([]).view as { bids: unknown[] }).bids[0]).toBeNull();
    expect(table.act('bid 2').ok).toBe(true);
    return table.botStep().then(() => {
      expect(table.undo()).toMatchObject({ code: 'not_your_action' });
    });
  });

  it('in a solitaire takes back any move, back to the deal', () => {
    const started = LocalTable.start({
      ...shortMatchMaster,
      game: 'matchet',
      players: 1,
      options: { mode: 'stacks' },
      seed: 'b', // a deal that lasts more than three placements with the first legal one each time
    });
    if (!started.ok) throw new Error(started.error.message);
    const table = started.value;
    const first = table.update([]);
    let moves = 0;
    for (; moves < 3 && !table.over; moves++)
      expect(table.act(table.update([]).legal[0]!.text).ok).toBe(true);
    expect(moves).toBe(3);
    for (let i = 0; i < moves; i++) expect(table.undo()).toBeNull();
    expect(table.undo()).toMatchObject({ code: 'nothing_to_undo' });
    expect(table.update([]).view).toEqual(first.view);
  });

  it('resumes a saved game with the same view and the same log', async () => {
    const store = memoryStore();
    const a = checkedHost(store);
    await a.host.handle({ type: 'open', key: 'play:mm', setup: shortMatchMaster, fresh: true, paceMs: 0 });
    await settle();
    await a.host.handle({ type: 'act', id: 1, text: a.latest().legal[0]!.text });
    await settle();
    await a.host.handle({ type: 'act', id: 2, text: a.latest().legal[0]!.text });
    await settle();
    const before: TableUpdate = a.latest();
    const log = a.updates().flatMap((m, i) => (i === 0 ? m.log! : m.update.events));

    const b = checkedHost(store);
    // `fresh: false` and another seed in the setup: the save wins.
    await b.host.handle({
      type: 'open',
      key: 'play:mm',
      setup: { ...shortMatchMaster, seed: 'other' },
      fresh: false,
      paceMs: 0,
    } satisfies PageMessage);
    const resumed = b.updates()[0]!;
    expect(resumed.update.view).toEqual(before.view);
    expect(resumed.update.legal).toEqual(before.legal);
    expect(resumed.log).toEqual(log);
    expect(b.leaks).toEqual([]);
  });

  it('a save that does not replay is refused, and a new game starts', async () => {
    const store = memoryStore();
    await store.put('k', {
      table: { format: 1, setup: shortMatchMaster, record: { moves: 'x' } },
      solutionAt: null,
      daily: null,
    });
    const { host, latest } = checkedHost(store);
    await host.handle({ type: 'open', key: 'k', setup: shortMatchMaster, fresh: false, paceMs: 0 });
    expect(latest().version).toBe(0);
    expect(LocalTable.resume({ format: 9 })).toMatchObject({ ok: false, error: { code: 'bad_save' } });
  });

  it('deals a daily Solitaire B the solver has proved, and after giving up plays its line to a win', async () => {
    const deal = dailyDeal('2026-01-01', 'Ada');
    expect(deal).not.toBeNull();
    // Everybody gets the same deal on a date.
    expect(dailyDeal('2026-01-01', 'Bo')!.setup.seed).toBe(deal!.setup.seed);
    const { host, latest, updates } = checkedHost();
    await host.handle({ type: 'daily', date: '2026-01-01', name: 'Ada', fresh: true });
    expect(updates()[0]!.daily).toEqual({ date: '2026-01-01', attempt: deal!.attempt });
    await host.handle({ type: 'act', id: 1, text: latest().legal[0]!.text });
    await host.handle({ type: 'giveUp' });
    const shown = updates().at(-1)!.solution!;
    expect(shown.at).toBe(0);
    expect(latest().version).toBe(0);
    for (let i = 0; i < shown.moves.length; i++) await host.handle({ type: 'step' });
    expect(latest().status).toBe('finished');
    expect(latest().result).toMatchObject({ solo: { won: true } });
    // A move of one's own is not accepted while the solution is shown.
    await host.handle({ type: 'act', id: 2, text: 'x' });
  });
});
