/**
 * Fair shares of slow work: a queue per requester served round-robin (fair-queue.ts), so one
 * requester who asks for many analyses waits behind everyone else's first one, and has at most
 * `perRequester` waiting.
 */
import type { AnalyseAnswer, AnalyseRequest, GameAnalysis } from '@matchbox/bots/analysis';
import type { GameRecord } from '@matchbox/engine';
import { getGame } from '@matchbox/engine';
import pino from 'pino';
import { describe, expect, it } from 'vitest';
import type { AnalysisRunner, AnalysisStore } from '../src/analyses.ts';
import { AnalysisService } from '../src/analyses.ts';
import { WorkerBotRunner } from '../src/bots.ts';
import { FairQueue } from '../src/fair-queue.ts';

describe('FairQueue', () => {
  it('serves requesters in turns, each one oldest first', () => {
    const q = new FairQueue<string>();
    for (const item of ['a1', 'a2', 'a3']) q.push('a', item);
    q.push('b', 'b1');
    q.push('c', 'c1');
    q.push('b', 'b2');
    expect(q.order()).toEqual(['a1', 'b1', 'c1', 'a2', 'b2', 'a3']);
    const served: string[] = [];
    for (let item = q.shift(); item !== undefined; item = q.shift()) served.push(item);
    expect(served).toEqual(['a1', 'b1', 'c1', 'a2', 'b2', 'a3']);
    expect(q.size).toBe(0);
  });

  it('sends a requester served to the back of the line', () => {
    const q = new FairQueue<string>();
    q.push('a', 'a1');
    q.push('a', 'a2');
    q.push('b', 'b1');
    expect(q.shift()).toBe('a1');
    q.push('c', 'c1'); // arrives while b and a wait: after them
    expect([q.shift(), q.shift(), q.shift()]).toEqual(['b1', 'a2', 'c1']);
    expect(q.countOf('a')).toBe(0);
  });
});

/** Runs nothing: records which table each analysis was for, and holds the first until released. */
class OrderRunner implements AnalysisRunner {
  readonly tables: string[] = [];
  private open: (() => void) | null = null;
  private readonly gate = new Promise<void>((resolve) => (this.open = resolve));

  release(): void {
    this.open?.();
  }
  async analyse(request: Omit<AnalyseRequest, 'id' | 'stop'>): Promise<AnalyseAnswer> {
    const table = request.options?.seed?.replace('table:', '') ?? '?';
    if (!this.tables.includes(table)) this.tables.push(table);
    await this.gate;
    const analysis = { game: 'matchmaster', decisionMoves: [], decisions: [] } as unknown as GameAnalysis;
    return { id: 0, ok: true, analysis };
  }
  close(): Promise<void> {
    this.release();
    return Promise.resolve();
  }
}

function service(runner: AnalysisRunner, perRequester = 2): AnalysisService {
  const stored = new Map<string, GameAnalysis>();
  const store = {
    get: (id: string) => Promise.resolve(stored.get(id) ?? null),
    put: (id: string, a: GameAnalysis) => Promise.resolve(void stored.set(id, a)),
  } as unknown as AnalysisStore;
  const record = { game: 'matchmaster' } as unknown as GameRecord;
  return new AnalysisService(
    () => Promise.resolve({ ok: true, value: record }),
    store,
    runner,
    { queue: 8, perRequester },
    pino({ level: 'silent' }),
  );
}

const guest = (address: string) => ({ address, account: null });

describe('analyses are shared fairly between requesters', () => {
  it('serves two requesters in turns: the second one waits behind one of the first, not all', async () => {
    const runner = new OrderRunner();
    const analyses = service(runner);
    // One analysis runs (held); behind it the first address asks for two, then the second for one.
    expect((await analyses.request('x0', guest('127.0.0.9'))).ok).toBe(true);
    await analyses.request('a1', guest('127.0.0.5'));
    await analyses.request('a2', guest('127.0.0.5'));
    const b1 = await analyses.request('b1', guest('127.0.0.6'));
    expect(b1).toEqual({ ok: true, value: { status: 'queued', position: 2 } });
    runner.release();
    while (analyses.load > 0) await new Promise((r) => setTimeout(r, 5));
    expect(runner.tables).toEqual(['x0', 'a1', 'b1', 'a2']);
  });

  it('lets one address have only so many waiting, while another still gets in', async () => {
    const runner = new OrderRunner();
    const analyses = service(runner, 2);
    await analyses.request('x0', guest('127.0.0.9'));
    await analyses.request('a1', guest('127.0.0.5'));
    await analyses.request('a2', guest('127.0.0.5'));
    const third = await analyses.request('a3', guest('127.0.0.5'));
    expect(third.ok).toBe(false);
    if (!third.ok) expect(third.error).toMatchObject({ code: 'too_many_waiting', retryAfter: 60 });
    // The same person from another address, logged in: their account's line is full too.
    await analyses.request('m1', { address: '127.0.0.7', account: 'acct-1' });
    await analyses.request('m2', { address: '127.0.0.8', account: 'acct-1' });
    const m3 = await analyses.request('m3', { address: '127.0.0.10', account: 'acct-1' });
    expect(!m3.ok && m3.error.code).toBe('too_many_waiting');
    expect((await analyses.request('b1', guest('127.0.0.6'))).ok).toBe(true);
    runner.release();
    await analyses.close();
  });

  it('charges an analysis only when it is started, and refuses one whose allowance is spent', async () => {
    const runner = new OrderRunner();
    const analyses = service(runner);
    let charged = 0;
    const charge = () => {
      charged++;
      return Promise.resolve(charged > 1 ? { ok: false as const, retryAfter: 42 } : { ok: true as const });
    };
    expect((await analyses.request('a1', guest('127.0.0.5'), charge)).ok).toBe(true);
    expect((await analyses.request('a1', guest('127.0.0.5'), charge)).ok).toBe(true); // the same one
    expect(charged).toBe(1);
    const refused = await analyses.request('a2', guest('127.0.0.5'), charge);
    expect(!refused.ok && refused.error).toMatchObject({ code: 'rate_limited', retryAfter: 42 });
    runner.release();
    await analyses.close();
  });
});

describe('bot moves are shared fairly between table creators', () => {
  it("one thread: a second creator's move waits behind one of the first creator's, not all six", async () => {
    const game = getGame('matchmaster')!;
    const setup = game.setup({ players: 4, seed: 'fair', options: {} });
    if (!setup.ok) throw new Error(setup.error.message);
    const save = game.serialize(setup.value);
    const seat = game.toAct(setup.value)[0]!;
    const bots = new WorkerBotRunner(1, 2000);
    const done: string[] = [];
    const ask = (requester: string, table: string) =>
      bots
        .move({
          key: `${table}:${seat}`,
          requester,
          game: 'matchmaster',
          save,
          seat,
          level: 'expert',
          seed: table,
        })
        .then(() => done.push(table));
    try {
      const moves = ['a1', 'a2', 'a3', 'a4', 'a5', 'a6'].map((t) => ask('127.0.0.5', t));
      moves.push(ask('127.0.0.6', 'b1'));
      await Promise.all(moves);
    } finally {
      await bots.close();
    }
    // a1 was running and a2 waiting in its creator's line when b1 came: b1 is served next.
    expect(done.indexOf('b1')).toBeLessThanOrEqual(2);
    expect(done.filter((t) => t.startsWith('a'))).toEqual(['a1', 'a2', 'a3', 'a4', 'a5', 'a6']);
  }, 60_000);
});
