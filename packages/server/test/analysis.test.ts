/**
 * Analyses of finished tables (POST and GET /api/tables/:id/analysis): made in a child process
 * whose every thread runs at the lowest scheduling priority, one at a time, the result kept with the table and served from
 * storage the second time; only for games that are over; a bounded queue answers `busy`; bad
 * input gets a stable code.
 */
import { existsSync, readFileSync, readdirSync, rmSync } from 'node:fs';
import { MatchboxClient } from '@matchbox/client';
import type { AnalyseAnswer, AnalyseRequest } from '@matchbox/bots/analysis';
import type { AnyGame } from '@matchbox/engine';
import { getGame } from '@matchbox/engine';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AnalysisRunner, AnalysisStatus } from '../src/analyses.ts';
import { ANALYSIS_NICE, ProcessAnalysisRunner } from '../src/analyses.ts';
import type { RunningServer, ServerConfig } from '../src/index.ts';
import { startServer } from '../src/index.ts';
import { testConfig } from './helpers.ts';

const game: AnyGame = getGame('matchmaster')!;

/** Counts the requests it passes to a real worker, and can hold them until `release`. */
class CountingRunner implements AnalysisRunner {
  readonly inner = new ProcessAnalysisRunner();
  requests = 0;
  private gate: Promise<void> | null = null;
  private open: (() => void) | null = null;

  hold(): void {
    this.gate = new Promise((resolve) => (this.open = resolve));
  }
  release(): void {
    this.open?.();
    this.gate = null;
  }
  async analyse(request: Omit<AnalyseRequest, 'id' | 'stop'>, signal: AbortSignal): Promise<AnalyseAnswer> {
    this.requests++;
    if (this.gate) await this.gate;
    return this.inner.analyse(request, signal);
  }
  close(): Promise<void> {
    this.release();
    return this.inner.close();
  }
}

async function start(
  runner: AnalysisRunner,
  overrides: Partial<ServerConfig> = {},
): Promise<{ server: RunningServer; client: MatchboxClient; stop(): Promise<void> }> {
  const config = testConfig({ analysisBudget: 40, ...overrides });
  const server = await startServer(config, { log: pino({ level: 'silent' }), analysisRunner: runner });
  return {
    server,
    client: new MatchboxClient(server.url),
    async stop() {
      await server.close();
      rmSync(config.dataDir, { recursive: true, force: true });
    },
  };
}

/** A two-player MatchMaster table of two short hands, played to `moves` moves (default: the end). */
async function playedTable(s: { server: RunningServer; client: MatchboxClient }, moves = Infinity) {
  const created = await s.client.createTable({
    game: 'matchmaster',
    players: 2,
    name: 'Ada',
    options: { handSizes: [2, 1] },
    seats: [{ kind: 'open' }, { kind: 'open' }],
  });
  const id = created.table.id;
  await s.client.join(id, { name: 'Bob', invite: created.invite });
  for (let i = 0; i < moves; i++) {
    const state = s.server.service.inspect(id)!.state;
    if (game.isOver(state)) break;
    const seat = game.toAct(state)[0]!;
    const action = game.formatAction(game.legalActions(state, seat)[0]!);
    expect((await s.server.service.act(id, seat, action, 'human')).ok).toBe(true);
  }
  return id;
}

async function ask(
  url: string,
  id: string,
  method: 'GET' | 'POST' = 'POST',
  body?: string,
): Promise<{ status: number; body: AnalysisStatus & { error?: { code: string } } }> {
  const res = await fetch(`${url}/api/tables/${id}/analysis`, {
    method,
    ...(method === 'POST' ? { headers: { 'content-type': 'application/json' }, body: body ?? '{}' } : {}),
  });
  return { status: res.status, body: (await res.json()) as AnalysisStatus & { error?: { code: string } } };
}

async function waitDone(url: string, id: string): Promise<AnalysisStatus> {
  for (;;) {
    const s = await ask(url, id, 'GET');
    if (s.body.status === 'done' || s.body.status === 'failed') return s.body;
    await new Promise((r) => setTimeout(r, 50));
  }
}

/** The nice values of a process's threads (Linux), or null where /proc does not tell. */
function threadNices(pid: number): number[] | null {
  try {
    return readdirSync(`/proc/${pid}/task`).map((t) => {
      const stat = readFileSync(`/proc/${pid}/task/${t}/stat`, 'utf8');
      return Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[16]);
    });
  } catch {
    return null;
  }
}

describe('analyses of finished tables', () => {
  const runner = new CountingRunner();
  let s: Awaited<ReturnType<typeof start>>;
  beforeAll(async () => {
    s = await start(runner);
  });
  afterAll(() => s.stop());

  // At nice 19 the analysis process (its start included) gets a sliver of a machine that other
  // work keeps busy: 1.4 s on a quiet 2-core machine, 11 s beside two busy loops, 86 s beside four.
  // The time allowed below is for the busiest test run, not for the analysis.
  it('are made once in a low-priority process, kept with the table and then served from storage', async () => {
    const id = await playedTable(s);
    const none = await ask(s.server.url, id, 'GET');
    expect(none).toEqual({ status: 200, body: { status: 'none' } });

    runner.hold(); // the analysis waits at its first request, so its progress can be seen
    const first = await ask(s.server.url, id);
    expect(first.status).toBe(202);
    expect(['queued', 'running']).toContain(first.body.status);
    const again = await ask(s.server.url, id); // asked twice: still the one analysis
    expect(again.status).toBe(202);
    expect(s.server.analyses.load).toBe(1);
    runner.release();

    // While it runs, every thread of the analysis process runs at nice 19, none of the server's.
    const seen: number[][] = [];
    const watch = setInterval(() => {
      const pid = runner.inner.pid;
      const nices = pid === null ? null : threadNices(pid);
      if (nices) seen.push(nices);
    }, 5);
    const done = await waitDone(s.server.url, id);
    clearInterval(watch);
    if (existsSync('/proc/self/task')) {
      expect(seen.length).toBeGreaterThan(0);
      for (const nices of seen) expect(new Set(nices)).toEqual(new Set([ANALYSIS_NICE]));
      expect(threadNices(process.pid)).not.toContain(ANALYSIS_NICE);
    }
    if (done.status !== 'done') throw new Error(JSON.stringify(done));
    const a = done.analysis;
    expect(a.game).toBe('matchmaster');
    expect(a.seats).toEqual([0, 1]);
    expect(a.budget).toBe(40);
    expect(a.decisions.length).toBe(a.decisionMoves.length);
    expect(a.decisions.length).toBeGreaterThan(0);
    for (const d of a.decisions) {
      expect(d.candidates.map((c) => c.action)).toContain(d.taken);
      expect(d.loss).toBeGreaterThanOrEqual(0);
    }
    expect(a.summaries.map((p) => p.seat)).toEqual([0, 1]);
    expect(a.hindsight?.kind).toBe('matchmaster'); // the game is over: hindsight may be shown

    const requests = runner.requests;
    const stored = await ask(s.server.url, id);
    expect(stored).toEqual({ status: 200, body: { status: 'done', analysis: a } });
    expect(runner.requests).toBe(requests); // from storage, not made again
  }, 300_000);

  it('are only for games that are over, and refuse bad input with a stable code', async () => {
    const playing = await playedTable(s, 3);
    for (const method of ['GET', 'POST'] as const) {
      expect(await ask(s.server.url, playing, method)).toMatchObject({
        status: 409,
        body: { error: { code: 'not_finished' } },
      });
      expect(await ask(s.server.url, 'nosuchtable1', method)).toMatchObject({
        status: 404,
        body: { error: { code: 'no_such_table' } },
      });
      expect(await ask(s.server.url, 'x'.repeat(33), method)).toMatchObject({
        status: 400,
        body: { error: { code: 'invalid_request' } },
      });
    }
    const finished = await playedTable(s);
    for (const body of ['{"budget": 1000000}', 'not json', '[]', '{"seats": [0]}'])
      expect(await ask(s.server.url, finished, 'POST', body)).toMatchObject({
        status: 400,
        body: { error: { code: 'invalid_request' } },
      });
    const res = await fetch(`${s.server.url}/api/tables/${finished}/analysis`, { method: 'POST' });
    expect(res.status).toBe(202); // no body at all is fine
    await waitDone(s.server.url, finished);
  }, 120_000);
});

describe('the queue of analyses', () => {
  it('runs one at a time, says where each waits, and answers busy past its bound', async () => {
    const runner = new CountingRunner();
    const s = await start(runner, { analysisQueue: 1 });
    try {
      const ids = [await playedTable(s), await playedTable(s), await playedTable(s)];
      runner.hold();
      const running = await ask(s.server.url, ids[0]!);
      expect(running).toEqual({ status: 202, body: { status: 'running', done: 0, total: 0 } });
      const queued = await ask(s.server.url, ids[1]!);
      expect(queued).toEqual({ status: 202, body: { status: 'queued', position: 1 } });
      const busy = await ask(s.server.url, ids[2]!);
      expect(busy).toMatchObject({ status: 503, body: { error: { code: 'busy' } } });
      expect(runner.requests).toBe(1); // the second waits for the first
      runner.release();
      expect((await waitDone(s.server.url, ids[0]!)).status).toBe('done');
      expect((await waitDone(s.server.url, ids[1]!)).status).toBe('done');
      expect((await ask(s.server.url, ids[2]!)).status).toBe(202); // room again
      expect((await waitDone(s.server.url, ids[2]!)).status).toBe('done');
    } finally {
      await s.stop();
    }
  }, 180_000);
});
