/**
 * The hint message against the real server: the expert bots' suggestion for a seated person whose
 * turn it is, made in a bot worker from that seat's knowledge only, with stable refusals.
 */
import { hintRequest } from '@matchbox/bots';
import type { HintAck } from '@matchbox/client';
import { MatchboxClient } from '@matchbox/client';
import type { MatchMasterView } from '@matchbox/engine';
import { getGame } from '@matchbox/engine';
import { afterAll, describe, expect, it } from 'vitest';
import { startTestServer } from './helpers.ts';

const servers: { stop(): Promise<void> }[] = [];
afterAll(async () => {
  for (const s of servers) await s.stop();
});

const code = (ack: HintAck) => (ack.ok ? 'ok' : ack.error.code);

describe('hint', () => {
  it('suggests a legal bid with the odds of each trick count, only to the seat to act, rate limited', async () => {
    const server = await startTestServer();
    servers.push(server);
    const client = new MatchboxClient(server.url);
    const made = await client.createTable({
      game: 'matchmaster',
      players: 2,
      name: 'Ada',
      seats: [{ kind: 'open' }, { kind: 'open' }],
      options: { handSizes: [5] },
    });
    const id = made.table.id;
    const bob = await client.join(id, { name: 'Bob', invite: made.invite });
    const ada = client.connect(id, made.ticket!.token);
    const bo = client.connect(id, bob.token);
    const watcher = client.connect(id);
    const start = await ada.ready;
    await Promise.all([bo.ready, watcher.ready]);
    // A message's listener (and a hint's bucket) is made when a connection first sends it: these
    // three said hello and nothing else.
    const listeners = (event: string) =>
      [...server.io.of('/').sockets.values()].map((s) => s.listenerCount(event)).sort();
    expect(listeners('hello')).toEqual([1, 1, 1]);
    expect(listeners('hint')).toEqual([0, 0, 0]);
    expect(listeners('act')).toEqual([0, 0, 0]);

    const answer = await ada.hint();
    expect(listeners('hint')).toEqual([0, 0, 1]);
    if (!answer.ok) throw new Error(answer.error.message);
    expect(start.legal.map((l) => l.text)).toContain(answer.hint.text);
    expect(answer.hint.alternatives[0]!.text).toBe(answer.hint.text);
    // ruling MM-8: a hand of 5 cards, so 0 to 5 tricks; the odds of one bid add up to 1.
    const odds = answer.hint.alternatives[0]!.outcomes!;
    expect(odds).toHaveLength(6);
    expect(odds.reduce((a, b) => a + b, 0)).toBeCloseTo(1, 6);
    expect(code(await watcher.hint())).toBe('spectator');

    // Both bid; then only the leader of the first trick may ask.
    expect((await ada.act('bid 1')).ok).toBe(true);
    expect((await bo.act('bid 1')).ok).toBe(true);
    const play = await ada.waitFor((u) => (u.view as MatchMasterView).phase === 'play');
    const leader = play.toAct[0]!;
    const [toPlay, waiting] = leader === 0 ? [ada, bo] : [bo, ada];
    expect(code(await waiting.hint())).toBe('not_your_turn');
    const card = await toPlay.hint();
    expect(card.ok && toPlay.latest!.legal.some((l) => l.text === card.hint.text)).toBe(true);
    // Two hints in a burst, then one every two seconds: asking on and on is refused.
    const codes: string[] = [];
    for (let i = 0; i < 3; i++) codes.push(code(await toPlay.hint()));
    expect(codes).toContain('rate_limited');
    for (const c of [ada, bo, watcher]) c.close();
  });

  it('sends the worker the seat’s determinization, never the real hidden cards', () => {
    const game = getGame('matchmaster')!;
    const made = game.setup({ players: 4, seed: 'hint-leak', options: {} });
    if (!made.ok) throw new Error(made.error.message);
    const real: unknown = made.value;
    const request = hintRequest(game, real, 1, 'expert', 'x');
    const loaded = game.deserialize(request.state);
    if (!loaded.ok) throw new Error(loaded.error.message);
    expect(game.view(loaded.value, 1)).toEqual(game.view(real, 1));
    const others = (s: unknown) => [0, 2, 3].map((k) => (game.view(s, k) as MatchMasterView).myHand);
    expect(others(loaded.value)).not.toEqual(others(real));
  });
});
