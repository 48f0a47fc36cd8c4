import { afterAll, describe, expect, it } from 'vitest';
import { matchet, solveMatchet } from '@matchbox/engine';
import { answerSolveRequest } from '../src/remote.ts';
import { BotWorker, botWorkerEntry } from '../src/worker-host.ts';

// "Is this deal still winnable?" runs the MATCHET solver in a bot worker thread, so that the
// server's event loop never waits for a search of up to 200,000 positions.
const worker = new BotWorker(botWorkerEntry());
afterAll(() => worker.close());

const deal = (() => {
  const r = matchet.setup({ players: 1, seed: 'solve-in-a-worker', options: { mode: 'stacks' } });
  if (!r.ok) throw new Error(r.error.message);
  return r.value;
})();

describe('the solver in a worker thread', () => {
  it('answers as the solver does in this thread (MT-10: Solitaire B is open information)', async () => {
    const here = solveMatchet(matchet.clone(deal), { maxNodes: 20_000 });
    const answer = await worker.solve({ kind: 'solve', save: matchet.serialize(deal), maxNodes: 20_000 });
    expect(answer).toMatchObject({ ok: true, status: here.status, nodes: here.nodes });
  });

  it('refuses a position that does not load, with the engine’s code', () => {
    const answer = answerSolveRequest({ kind: 'solve', save: { nonsense: true }, maxNodes: 10 });
    expect(answer.ok).toBe(false);
    if (!answer.ok) expect(answer.error.code).toMatch(/^[a-z_]+$/);
  });
});
