import { afterAll, describe, expect, it } from 'vitest';
import type { AnyGame } from '@matchbox/engine';
import { matchmaster, sweet16 } from '@matchbox/engine';
import type { BotAnswer } from '../src/index.ts';
import { answerBotRequest, botRequest, contextFor, createBot } from '../src/index.ts';
import { BotWorker, botWorkerEntry } from '../src/worker-host.ts';
import { scripted } from './helpers.ts';

const setupOf = (game: AnyGame, config: Parameters<AnyGame['setup']>[0]): unknown => {
  const r = game.setup(config);
  if (!r.ok) throw new Error(r.error.message);
  return r.value as unknown;
};

// A real worker thread, started from the TypeScript source (botWorkerEntry() is worker-tsx.mjs
// here, the built worker.js in a built package: the only difference).
const worker = new BotWorker(botWorkerEntry());
afterAll(() => worker.close());

const okAnswer = (a: BotAnswer) => {
  if (!a.ok) throw new Error(`${a.error.code}: ${a.error.message}`);
  return a;
};

describe('bots in a worker thread', () => {
  const state = setupOf(matchmaster, { players: 4, seed: 'worker', options: { handSizes: [4] } });
  const seat = matchmaster.toAct(state as never)[0]!;
  const legal = matchmaster.legalActions(state as never, seat).map((a) => matchmaster.formatAction(a));
  const request = botRequest(matchmaster, state, seat, 'expert', 'w-seed', { iterations: 300, timeMs: 0 });

  it('a worker answers a legal move, the same as the bot in this thread', async () => {
    const answer = okAnswer(await worker.choose(request));
    expect(legal).toContain(answer.text);
    expect(answer.searches).toEqual([
      expect.objectContaining({ iterations: 300, budget: 300, capped: false }),
    ]);
    // The same decision in this thread, through the referee's context: a fresh bot, the same seed.
    const bot = createBot('matchmaster', 'expert', 'w-seed');
    const here = bot.chooseAction(
      matchmaster.view(state as never, seat),
      seat,
      matchmaster.legalActions(state as never, seat),
      contextFor(matchmaster, state, seat, { iterations: 300, timeMs: 0 }),
    );
    expect(answer.text).toBe(matchmaster.formatAction(here as never));
    expect(matchmaster.parseAction(answer.text)).toEqual({ ok: true, value: answer.action });
  });

  it('the request carries a determinization, not the real state: the other hands are re-dealt', () => {
    const loaded = matchmaster.deserialize(request.state);
    if (!loaded.ok) throw new Error(loaded.error.message);
    expect(matchmaster.view(loaded.value, seat)).toEqual(matchmaster.view(state as never, seat));
    const real = matchmaster.serialize(state as never);
    expect(request.state).not.toEqual(real);
    expect(JSON.stringify(request.state)).not.toBe(JSON.stringify(real));
  });

  // How fast (the abort's and the next answer's latency) is measured by
  // `npm run bench:worker` (packages/bots/bench/worker-bench.ts), not asserted here.
  it('aborting rejects with its reason and stops the search, so the worker is free for the next request', async () => {
    const ac = new AbortController();
    const long = worker.choose({ ...request, budget: { iterations: 50_000_000, timeMs: 0 } }, ac.signal);
    const reason = new Error('no longer wanted');
    setTimeout(() => ac.abort(reason), 100);
    await expect(long).rejects.toBe(reason);
    // The next request is answered: the aborted search stopped (50 million iterations would run
    // for many minutes, far past this test's timeout, before the worker read the next request).
    const next = okAnswer(await worker.choose({ ...request, budget: { iterations: 50, timeMs: 0 } }));
    expect(legal).toContain(next.text);
    expect(next.searches).toEqual([expect.objectContaining({ iterations: 50, budget: 50 })]);
  }, 30_000);

  it('bad requests are answered with error codes, not thrown', async () => {
    expect(await answerBotRequest({ ...request, level: 'grandmaster' as never })).toMatchObject({
      ok: false,
      error: { code: 'bad_request' },
    });
    expect(await answerBotRequest({ ...request, game: 'chess' })).toMatchObject({
      ok: false,
      error: { code: 'unknown_game' },
    });
    const broken = await worker.choose({ ...request, state: { game: 'matchmaster', version: 1 } });
    expect(broken.ok).toBe(false);
  });
});

describe('bots that remember, outside the referee', () => {
  it('S16-9: given the views its seat saw, a fresh bot remembers the 7 flipped and hidden again', async () => {
    const views: object[] = [];
    const watcher = {
      name: 'views',
      level: 'random' as const,
      chooseAction: () => ({ type: 'stop' }),
      observe: (v: object) => views.push(v),
    };
    // Seat 0 flips B1 (7D) and C1 (KS): 20, both turn face down again; seat 1 flips A1 (9C).
    const s = scripted(
      sweet16,
      { players: 2, seed: 'b', deck: ['9C', '7D', 'KS', 'KH'] },
      [
        [0, 'flip B1'],
        [0, 'flip C1'],
        [1, 'flip A1'],
      ],
      [[watcher, 1]],
    );
    const answer = okAnswer(await answerBotRequest(botRequest(sweet16, s, 1, 'expert', 'm', {}, views)));
    expect(answer.text).toBe('flip B1');
    // Without them it knows only the current view, and B1 is just another face-down card.
    const blind = okAnswer(await answerBotRequest(botRequest(sweet16, s, 1, 'expert', 'm')));
    expect(blind.text).not.toBe('flip B1');
  });
});
