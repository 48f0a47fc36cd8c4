// The pages take no answer of the server on trust: a body that does not fit its wire type becomes
// an ApiError with the code `bad_answer` (a fake fetch sends the wrong shapes).
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { TableSummary } from '@matchbox/client';
import { ApiError, api } from '../src/api.ts';
import { analysisOf } from '../src/replay/analysis.ts';
import { fetchTableReplay } from '../src/replay/source.ts';

const summary: TableSummary = {
  id: 'table1',
  game: 'match',
  players: 2,
  options: { rounds: 3 },
  seats: [
    { seat: 0, kind: 'human', name: 'Ada', avatar: 'fox', level: 'medium', left: false, connected: true },
    { seat: 1, kind: 'open', name: null, level: 'medium', left: false, connected: false },
  ],
  status: 'waiting',
  version: 0,
  public: true,
  clockSeconds: 60,
  createdAt: 1,
  updatedAt: 1,
  result: null,
};

function answer(body: unknown, status = 200): void {
  vi.stubGlobal(
    'fetch',
    vi.fn(async () => new Response(JSON.stringify(body), { status })),
  );
}

async function refusal(promise: Promise<unknown>): Promise<ApiError> {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(ApiError);
  return error as ApiError;
}

afterEach(() => vi.unstubAllGlobals());

describe("the pages' calls", () => {
  it('give a well-formed answer as it came', async () => {
    answer(summary);
    expect(await api.table('table1')).toEqual(summary);
    answer({
      lines: [
        {
          tableId: 'table1',
          id: 'c1',
          seq: 1,
          seat: null,
          speaker: 'wAbc',
          name: 'Bo',
          text: null,
          phrase: 'hello',
          at: 3,
        },
      ],
    });
    expect(await api.chat('table1')).toHaveLength(1);
  });

  it('refuse a malformed table, lobby, join answer or chat line with bad_answer', async () => {
    answer({ ...summary, status: 'paused' });
    const error = await refusal(api.table('table1'));
    expect(error.code).toBe('bad_answer');
    expect(error.message).toContain('status');
    answer({ open: [{ ...summary, seats: 'two' }], mine: [] });
    expect((await refusal(api.lobby([]))).message).toContain('open[0].seats');
    answer({ tableId: 'table1', seat: 1, table: summary });
    expect((await refusal(api.join('table1', { name: 'Bo' }))).message).toContain('token');
    answer({
      lines: [{ tableId: 'table1', id: 'c1', seat: null, name: 'Bo', text: null, phrase: 'boo', at: 3 }],
    });
    expect((await refusal(api.chat('table1'))).code).toBe('bad_answer');
  });

  it("pass the server's refusal on with its code", async () => {
    answer({ error: { code: 'table_full', message: 'No seat is free at this table.' } }, 409);
    const error = await refusal(api.join('table1', { name: 'Bo' }));
    expect([error.code, error.status]).toEqual(['table_full', 409]);
  });

  it('refuse a replay whose steps do not fit', async () => {
    answer({
      kind: 'views',
      viewer: 0,
      steps: [{ seat: null, action: null, events: [], view: {}, toAct: null }],
    });
    const error = await refusal(fetchTableReplay('table1', 2, 'match', null));
    expect(error.code).toBe('bad_answer');
    expect(error.message).toContain('steps[0].toAct');
    answer({ kind: 'movie' });
    expect((await refusal(fetchTableReplay('table1', 2, 'match', null))).code).toBe('bad_answer');
  });

  it('refuse an analysis whose decisions do not fit, and take one that does', async () => {
    answer({ status: 'running', done: 2, total: 9 });
    expect(await analysisOf('table1', false)).toEqual({ status: 'running', done: 2, total: 9 });
    answer({ status: 'queued' });
    expect((await refusal(analysisOf('table1', true))).message).toContain('position');
    const analysis = {
      format: 1,
      game: 'matchmaster',
      players: 2,
      seats: [0, 1],
      unit: 'hand-points',
      thresholds: { inaccuracy: 0.3, mistake: 1, blunder: 2 },
      scoreLabel: 'expected-score',
      budget: 100,
      seed: 's',
      moves: 1,
      decisionMoves: [0],
      decisions: [
        {
          move: 0,
          seat: 0,
          part: 0,
          taken: 'bid 1',
          best: 'bid 1',
          candidates: [{ action: 'bid 1', value: 1, se: 0, samples: 10 }],
          loss: 0,
          lossSe: 0,
          verdict: 'best',
          method: 'search',
          expectedScore: 1,
        },
      ],
      summaries: [],
      hindsight: null,
    };
    answer({ status: 'done', analysis });
    expect(await analysisOf('table1', false)).toEqual({ status: 'done', analysis });
    answer({
      status: 'done',
      analysis: { ...analysis, decisions: [{ ...analysis.decisions[0], verdict: 'brilliant' }] },
    });
    expect((await refusal(analysisOf('table1', false))).message).toContain('analysis.decisions[0].verdict');
    // Hindsight is checked by its game's plugin: its own kind passes, another game's does not.
    const hands = [{ part: 0, seat: 1, bid: 1, tricks: 0, maxTricks: null }];
    answer({ status: 'done', analysis: { ...analysis, hindsight: { kind: 'matchmaster', hands } } });
    expect(await analysisOf('table1', false)).toEqual({
      status: 'done',
      analysis: { ...analysis, hindsight: { kind: 'matchmaster', hands } },
    });
    const solitaire = { kind: 'matchet-solitaire', result: { winnable: true, lostAt: 3 } };
    answer({ status: 'done', analysis: { ...analysis, hindsight: solitaire } });
    expect((await refusal(analysisOf('table1', false))).message).toContain('analysis.hindsight.kind');
    answer({ status: 'done', analysis: { ...analysis, game: 'matchet', hindsight: solitaire } });
    expect(await analysisOf('table1', false)).toEqual({
      status: 'done',
      analysis: { ...analysis, game: 'matchet', hindsight: solitaire },
    });
    answer({ status: 'done', analysis: { ...analysis, game: 'match', hindsight: solitaire } });
    expect((await refusal(analysisOf('table1', false))).message).toContain('analysis.hindsight');
  });
});
