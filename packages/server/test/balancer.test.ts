/**
 * The balancer of `npm run cluster` and the chaos check (scripts/balancer.ts) does what a real
 * one does: it names the client in X-Forwarded-For on every request and WebSocket upgrade, keeps a
 * client connection on its node, and passes over a node that refuses connections.
 */
import type { IncomingMessage, Server } from 'node:http';
import { createServer, request } from 'node:http';
import type { Socket } from 'node:net';
import { connect } from 'node:net';
import { afterAll, describe, expect, it } from 'vitest';
import type { Balancer } from '../scripts/balancer.ts';
import { roundRobinProxy } from '../scripts/balancer.ts';
import { freePort } from '../scripts/nodes.ts';

const servers: Server[] = [];
const balancers: Balancer[] = [];
afterAll(async () => {
  for (const b of balancers) await b.close();
  for (const s of servers) await new Promise((r) => s.close(r));
});

/** A node stand-in: answers each request with its name and the X-Forwarded-For it was sent. */
async function echo(name: string): Promise<number> {
  const server = createServer((req, res) => {
    let body = '';
    req.on('data', (d: Buffer) => (body += d.toString()));
    req.on('end', () =>
      res.end(JSON.stringify({ name, forwarded: req.headers['x-forwarded-for'] ?? null, body })),
    );
  });
  server.on('upgrade', (req: IncomingMessage, socket: Socket) => {
    socket.end(
      `HTTP/1.1 101 Switching Protocols\r\nX-Node: ${name}\r\nX-Seen: ${String(req.headers['x-forwarded-for'])}\r\n\r\n`,
    );
  });
  servers.push(server);
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', () => r()));
  return (server.address() as { port: number }).port;
}

function ask(
  url: string,
  from: string,
  body = '',
): Promise<{ name: string; forwarded: string | null; body: string }> {
  return new Promise((resolve, reject) => {
    const req = request(`${url}/api/x`, { method: 'POST', localAddress: from, agent: false }, (res) => {
      let text = '';
      res.on('data', (d: Buffer) => (text += d.toString()));
      res.on('end', () => resolve(JSON.parse(text) as never));
    });
    req.on('error', reject);
    req.end(body);
  });
}

describe('the balancer in front of several nodes', () => {
  it('names the client in X-Forwarded-For, in turn over the nodes, and passes over a refusing node', async () => {
    const dead = await freePort(); // nothing listens there: a killed node
    const [a, b] = [await echo('a'), await echo('b')];
    const balancer = await roundRobinProxy([a, dead, b]);
    balancers.push(balancer);
    const answers = [];
    for (const from of ['127.0.0.7', '127.0.0.8', '127.0.0.9'])
      answers.push(await ask(balancer.url, from, `hi ${from}`));
    expect(answers.map((x) => x.forwarded)).toEqual(['127.0.0.7', '127.0.0.8', '127.0.0.9']);
    expect(answers.map((x) => x.body)).toEqual(['hi 127.0.0.7', 'hi 127.0.0.8', 'hi 127.0.0.9']);
    // The second connection's node refused: it went on to the next one.
    expect(answers.map((x) => x.name)).toEqual(['a', 'b', 'b']);
  });

  it('names the client in a WebSocket upgrade too', async () => {
    const balancer = await roundRobinProxy([await echo('ws')]);
    balancers.push(balancer);
    const port = Number(new URL(balancer.url).port);
    const answer = await new Promise<string>((resolve, reject) => {
      const s = connect({ port, host: '127.0.0.1', localAddress: '127.0.0.12' });
      let text = '';
      s.on('connect', () =>
        s.write(
          'GET /socket.io/?EIO=4&transport=websocket HTTP/1.1\r\nHost: x\r\nConnection: Upgrade\r\nUpgrade: websocket\r\nX-Forwarded-For: 10.9.9.9\r\n\r\n',
        ),
      );
      s.on('data', (d: Buffer) => (text += d.toString()));
      s.on('close', () => resolve(text));
      s.on('error', reject);
    });
    expect(answer).toContain('X-Node: ws');
    // An earlier proxy's word is kept, and the balancer adds the address it saw.
    expect(answer).toContain('X-Seen: 10.9.9.9, 127.0.0.12');
  });
});
