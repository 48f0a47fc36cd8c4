/**
 * Spectators across two nodes (real processes on PostgreSQL and Redis, loopback only; soak tier):
 * a table's spectator limit holds for both nodes together (spectator-places.ts), and two
 * spectators claiming one name at the same instant, one on each node, cannot both get it (the
 * stored claim, `spectator_names`). Without the services the run says loudly that it skips this
 * file, and under CI fails instead. The single-node mechanism is checked in `npm test`
 * (`spectator-places.test.ts`, `chat.test.ts`).
 */
import { afterAll, describe, expect, it } from 'vitest';
import type { Node } from '../scripts/nodes.ts';
import type { RawSocket } from './hostile-client.ts';
import { http, rawSocket } from './hostile-client.ts';
import { services } from './services.ts';
import { twoNodes } from './two-nodes.ts';

const { databaseUrl, redisUrl } = services;
const enabled = Boolean(databaseUrl && redisUrl);
const LIMIT = 4;

const { nodes } = twoNodes('spect', enabled, { SPECTATORS_PER_TABLE: String(LIMIT) });
const opened: RawSocket[] = [];

afterAll(() => {
  for (const s of opened) s.close();
});

const code = (answer: unknown) => {
  const a = answer as { ok?: boolean; error?: { code: string } };
  return a.ok ? 'ok' : (a.error?.code ?? String(answer));
};

async function spectator(node: Node, n: number): Promise<RawSocket> {
  const s = await rawSocket(node.url, { from: `127.0.3.${n}` });
  opened.push(s);
  return s;
}

async function newTable(spectatorChat = false): Promise<string> {
  const made = await http(nodes[0]!.url, 'POST', '/api/tables', {
    game: 'matchmaster',
    players: 2,
    name: 'Ada',
    seats: [{ kind: 'open' }, { kind: 'open' }],
    spectatorChat,
  });
  return (made.body as { table: { id: string } }).table.id;
}

describe.skipIf(!enabled)('spectators across two nodes', () => {
  it("a table's spectator limit holds for both nodes together; a place given back is free on the other", async () => {
    const tableId = await newTable();
    const crowd = await Promise.all(
      Array.from({ length: 2 * LIMIT }, (_, i) => spectator(nodes[i % 2]!, i + 1)),
    );
    // All at once, half on each node: exactly LIMIT get in.
    const answers = (await Promise.all(crowd.map((s) => s.ask('hello', [{ tableId }], 10_000)))).map(code);
    expect(answers.filter((a) => a === 'ok')).toHaveLength(LIMIT);
    expect(answers.filter((a) => a === 'table_crowded')).toHaveLength(LIMIT);
    // One watching on one node leaves; a refused one on the other node now gets in, and only one.
    // Which ones got in is a race, so the other node is the one with more refused (at least two of
    // the four), and the node left has at least two watching.
    const refusedOn = (node: number) =>
      crowd.filter((_, i) => answers[i] === 'table_crowded' && i % 2 === node);
    const other = refusedOn(1).length >= refusedOn(0).length ? 1 : 0;
    const leaving = crowd.findIndex((_, i) => answers[i] === 'ok' && i % 2 !== other);
    const waiting = refusedOn(other);
    expect(leaving).toBeGreaterThanOrEqual(0);
    expect(waiting.length).toBeGreaterThanOrEqual(2);
    crowd[leaving]!.close();
    let admitted = 'table_crowded';
    for (let i = 0; i < 100 && admitted !== 'ok'; i++) {
      await new Promise((r) => setTimeout(r, 50)); // the give-back reaches Redis after the close
      admitted = code(await waiting[0]!.ask('hello', [{ tableId }], 10_000));
    }
    expect(admitted).toBe('ok');
    expect(code(await waiting[1]!.ask('hello', [{ tableId }], 10_000))).toBe('table_crowded');
  }, 60_000);

  it('two spectators claiming one name at the same instant on two nodes: one gets it', async () => {
    for (let round = 0; round < 5; round++) {
      const tableId = await newTable(true);
      const [one, two] = [await spectator(nodes[0]!, 100 + round), await spectator(nodes[1]!, 110 + round)];
      for (const s of [one, two]) expect(code(await s.ask('hello', [{ tableId }], 10_000))).toBe('ok');
      const said = await Promise.all(
        [one, two].map((s) => s.ask('say', [{ tableId, text: 'hello', name: 'Zed' }], 10_000)),
      );
      expect(said.map(code).sort()).toEqual(['name_taken', 'ok']);
    }
  }, 60_000);
});
