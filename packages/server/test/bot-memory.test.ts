/**
 * Sweet16's bots remember what their seat saw (ruling S16-9: a memory game). On the server a bot
 * moves in a worker from a fresh bot each time, so it must be shown its seat's earlier views with
 * every request, as the browser's and the terminal's bots are shown them as the game goes; after a
 * restart they are rebuilt from the log. Here a table of two Sweet16 bots plays on a server whose
 * bot runner answers in-process with the bots' own request handler and keeps every request: each
 * request's feed is exactly the seat's view after the setup and after every move before it (from
 * the engine replaying the stored log), before and after a restart; and the decision made from it
 * is the one a bot fed those views as the game went (the terminal's way) makes.
 */
import { join } from 'node:path';
import { answerBotRequest, botRequest, createBot } from '@matchbox/bots';
import { getGame } from '@matchbox/engine';
import { MatchboxClient } from '@matchbox/client';
import pino from 'pino';
import { afterAll, describe, expect, it } from 'vitest';
import type { BotMoveRequest, BotRunner } from '../src/bots.ts';
import { startServer } from '../src/index.ts';
import { testConfig, until } from './helpers.ts';
import { Ledger, readStoredTable } from './secrecy.ts';

/** Bot moves in this process, with every request kept. */
function recordingBots(requests: BotMoveRequest[]): BotRunner {
  return {
    async move(request) {
      requests.push(request);
      const game = getGame(request.game)!;
      const loaded = game.deserialize(request.save);
      if (!loaded.ok) throw new Error(loaded.error.message);
      const answer = await answerBotRequest(
        botRequest(game, loaded.value, request.seat, request.level, request.seed, {}, request.observed),
      );
      if (!answer.ok) throw new Error(answer.error.message);
      return answer.text;
    },
    async hint(request) {
      requests.push(request);
      return { ok: false, error: { code: 'no_hint', message: 'none here' } };
    },
    solve: () => Promise.resolve({ ok: false, error: { code: 'not_available', message: 'none here' } }),
    close: () => Promise.resolve(),
  };
}

const versionOf = (r: BotMoveRequest) => Number(r.seed.split(':').at(-1));

const stops: (() => Promise<void>)[] = [];
afterAll(async () => {
  for (const stop of stops) await stop();
});

describe('Sweet16 bots on the server remember', () => {
  it('every bot request carries its seat’s views so far, also after a restart, and decides as a bot fed them move by move', async () => {
    const config = testConfig({ botPaceMs: 0 });
    const log = pino({ level: 'silent' });
    const requests: BotMoveRequest[] = [];
    let server = await startServer(config, { log, bots: recordingBots(requests) });
    const made = await new MatchboxClient(server.url).createTable({
      game: 'sweet16',
      players: 2,
      name: 'Watcher',
      spectate: true,
      seats: [
        { kind: 'bot', level: 'medium' },
        { kind: 'bot', level: 'easy' },
      ],
    });
    const id = made.table.id;
    await until(() => requests.length >= 12);
    await server.close();
    const before = requests.length;
    // A restart: the tables are loaded from the log; the bots' feeds are made again from it.
    server = await startServer(config, { log, bots: recordingBots(requests) });
    stops.push(() => server.close());
    await until(() => requests.length >= before + 8);
    await server.close();

    const ledger = new Ledger(readStoredTable(join(config.dataDir, 'matchbox.db'), id));
    const game = getGame('sweet16')!;
    for (const r of requests) {
      const version = versionOf(r);
      const expected = Array.from({ length: version + 1 }, (_, v) => ledger.view(v, r.seat));
      expect(r.observed?.length).toBe(version + 1);
      expect(JSON.parse(JSON.stringify(r.observed))).toEqual(expected);
    }
    expect(requests.slice(before).some((r) => versionOf(r) > 0)).toBe(true);

    // The decision from the feed equals that of a bot shown each view as the game went.
    for (const r of requests.slice(-6)) {
      const version = versionOf(r);
      const bot = createBot('sweet16', r.level, r.seed);
      bot.reset?.();
      for (let v = 0; v <= version; v++) bot.observe?.(ledger.view(v, r.seat) as object, r.seat);
      const state = ledger.stateAt(version);
      const legal = game.legalActions(state, r.seat);
      const fed = await bot.chooseAction(game.view(state, r.seat) as object, r.seat, legal, { game });
      const loaded = game.deserialize(r.save);
      if (!loaded.ok) throw new Error(loaded.error.message);
      const answer = await answerBotRequest(
        botRequest(game, loaded.value, r.seat, r.level, r.seed, {}, r.observed),
      );
      if (!answer.ok) throw new Error(answer.error.message);
      expect(answer.text).toBe(game.formatAction(fed));
    }
  }, 120_000);

  it('a hint is weighed knowing what the asking seat has seen: its request carries the seat’s views so far', async () => {
    const config = testConfig({ botPaceMs: 0 });
    const requests: BotMoveRequest[] = [];
    const server = await startServer(config, {
      log: pino({ level: 'silent' }),
      bots: recordingBots(requests),
    });
    stops.push(() => server.close());
    const made = await new MatchboxClient(server.url).createTable({
      game: 'sweet16',
      players: 2,
      name: 'Ada',
      seats: [{ kind: 'open' }, { kind: 'bot', level: 'medium' }],
    });
    const conn = new MatchboxClient(server.url).connect(made.table.id, made.ticket!.token);
    await conn.ready;
    // Ada plays a few turns (the bot plays its own in between), then asks.
    for (let turn = 0; turn < 4; turn++) {
      const mine = await conn.waitFor((u) => u.legal.length > 0 || u.status === 'finished');
      if (mine.status === 'finished') break;
      expect((await conn.act(mine.legal[0]!.text)).ok).toBe(true);
    }
    const now = await conn.waitFor((u) => u.legal.length > 0);
    const asked = requests.length;
    expect((await conn.hint()).ok).toBe(false); // this runner has no bots to answer with
    const hint = requests.slice(asked).find((r) => r.seat === 0 && r.seed.startsWith('hint:'))!;
    expect(hint).toBeDefined();
    conn.close();
    await server.close();
    const ledger = new Ledger(readStoredTable(join(config.dataDir, 'matchbox.db'), made.table.id));
    expect(now.version).toBeGreaterThan(2);
    const expected = Array.from({ length: now.version + 1 }, (_, v) => ledger.view(v, 0));
    expect(JSON.parse(JSON.stringify(hint.observed))).toEqual(expected);
  }, 120_000);
});
