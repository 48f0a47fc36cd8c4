/**
 * Duplicate events across nodes (soak tier: `npm run test:soak:server`): two server processes on
 * PostgreSQL and Redis. Two members enter today's MatchMaster event at the same moment, each on
 * another node, so both nodes make the event at once: there is one event and one seed (the same
 * first hand); one member entering on both nodes at once gets one table; a table made on one node
 * is played to the end through the other; and when a node dies mid-event, its entrant resumes on
 * the other and finishes. Skipped (loudly, in services.ts) without the services.
 */
import type { EventDetail, EventTicket, TableUpdate } from '@matchbox/client';
import { MatchboxClient } from '@matchbox/client';
import type { MatchMasterView } from '@matchbox/engine';
import { describe, expect, it } from 'vitest';
import type { Node } from '../scripts/nodes.ts';
import { kill } from '../scripts/nodes.ts';
import type { Committed } from './autoplay.ts';
import { autoplay } from './autoplay.ts';
import { services } from './services.ts';
import { twoNodes } from './two-nodes.ts';

const SOAK = process.env.MATCHBOX_SOAK === '1';
const { databaseUrl, redisUrl } = services;
const enabled = SOAK && Boolean(databaseUrl && redisUrl);
const { nodes } = twoNodes('events', enabled);
const EVENT = `matchmaster-daily-${new Date().toISOString().slice(0, 10)}`;

async function enter(
  node: Node,
  session: string | null,
): Promise<{ status: number; json: Record<string, unknown> }> {
  const response = await fetch(`${node.url}/api/events/${EVENT}/entries`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      ...(session ? { authorization: `Bearer ${session}` } : {}),
    },
    body: JSON.stringify({ name: 'someone' }),
  });
  return { status: response.status, json: (await response.json()) as Record<string, unknown> };
}

const ticketOf = (r: { json: Record<string, unknown> }): EventTicket =>
  (r.json.ticket ?? (r.json.error as { ticket?: EventTicket } | undefined)?.ticket ?? r.json) as EventTicket;

async function member(node: Node, name: string): Promise<MatchboxClient> {
  const client = new MatchboxClient(node.url);
  await client.signUp(name, 'correct horse battery');
  return client;
}

describe.runIf(enabled)('duplicate events on two nodes', () => {
  let ann: MatchboxClient;
  let bob: MatchboxClient;
  let annTicket: EventTicket;
  let bobTicket: EventTicket;

  it('two nodes making the event at once keep one seed: the same first hand', async () => {
    ann = await member(nodes[0]!, 'AnnNodes');
    bob = await member(nodes[1]!, 'BobNodes');
    const [a, b] = await Promise.all([enter(nodes[0]!, ann.session), enter(nodes[1]!, bob.session)]);
    expect([a.status, b.status]).toEqual([201, 201]);
    annTicket = ticketOf(a);
    bobTicket = ticketOf(b);
    // Each table read through the other node.
    const first = async (node: Node, t: EventTicket) => {
      const conn = new MatchboxClient(node.url).connect(t.tableId, t.token);
      const u = await conn.ready;
      conn.close();
      return (u.view as MatchMasterView).myHand;
    };
    expect(await first(nodes[1]!, annTicket)).toEqual(await first(nodes[0]!, bobTicket));
  });

  it('one member entering on both nodes at once gets one table and the same ticket twice', async () => {
    const cy = await member(nodes[0]!, 'CyNodes');
    const both = await Promise.all([enter(nodes[0]!, cy.session), enter(nodes[1]!, cy.session)]);
    expect(both.map((r) => r.status).sort()).toEqual([201, 409]);
    expect(ticketOf(both[0])).toEqual(ticketOf(both[1]));
    const detail = (await (await fetch(`${nodes[1]!.url}/api/events/${EVENT}`)).json()) as EventDetail;
    expect(detail.entrants).toBe(3);
  });

  it('a table made on one node plays to the end through the other; a node dies and its entrant finishes on the other', async () => {
    // Ann's table was made on node 0: she plays it through node 1.
    const annConn = new MatchboxClient(nodes[1]!.url).connect(annTicket.tableId, annTicket.token);
    autoplay(annConn, annTicket.seat, 'ann', []);
    // Bob's table was made on node 1, which dies once he has played a while.
    const bobConn = new MatchboxClient(nodes[1]!.url).connect(bobTicket.tableId, bobTicket.token);
    const committed: Committed[] = [];
    autoplay(bobConn, bobTicket.seat, 'bob', committed);
    await bobConn.waitFor((u: TableUpdate) => u.version >= 20, 120_000);
    await annConn.waitFor((u: TableUpdate) => u.status === 'finished', 240_000);
    annConn.close();
    bobConn.close();
    await kill(nodes[1]!);
    const again = await enter(nodes[0]!, bob.session);
    expect(again.status).toBe(409);
    expect(ticketOf(again)).toEqual(bobTicket);
    const resumed = new MatchboxClient(nodes[0]!.url).connect(bobTicket.tableId, bobTicket.token);
    autoplay(resumed, bobTicket.seat, 'bob again', []);
    const end = await resumed.waitFor((u) => u.status === 'finished', 240_000);
    expect(end.version).toBeGreaterThan(20);
    resumed.close();
    const detail = (await (await fetch(`${nodes[0]!.url}/api/events/${EVENT}`)).json()) as EventDetail;
    const line = (name: string) => detail.standings.find((s) => s.name === name)!;
    expect(line('AnnNodes').finished).toBe(true);
    expect(line('BobNodes').finished).toBe(true);
    // Two finished members: their matchpoints on every hand add up to 100.
    line('AnnNodes').deals.forEach((d, i) =>
      expect(d!.matchpoints + line('BobNodes').deals[i]!.matchpoints).toBe(100),
    );
  }, 600_000);
});
