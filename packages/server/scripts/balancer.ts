/**
 * A round-robin balancer for several nodes on one machine (`npm run cluster`, the chaos check and
 * the cluster tests), doing what deploy.md's balancer does: each client connection goes to the
 * next node and stays there (a socket.io session keeps its node), and every request and WebSocket
 * upgrade carries the client's address in `X-Forwarded-For`, which the nodes believe because the
 * balancer's address is in their `TRUSTED_PROXIES` (`BALANCER_TRUST`). A node that refuses a
 * connection (killed) hands the client connection to the next one.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { createServer, request } from 'node:http';
import type { Socket } from 'node:net';
import { connect } from 'node:net';

/** What the nodes behind the balancer set as TRUSTED_PROXIES. */
export const BALANCER_TRUST = '127.0.0.1';

/** A request body the balancer holds to send again to another node (the API's are far smaller). */
const MAX_BODY = 1 << 20;

export interface Balancer {
  readonly url: string;
  close(): Promise<void>;
}

export async function roundRobinProxy(backends: readonly number[], listenPort = 0): Promise<Balancer> {
  let next = 0;
  const nodeOf = new WeakMap<Socket, number>();
  const sockets = new Set<Socket>();
  const server = createServer();
  server.on('connection', (client: Socket) => {
    sockets.add(client);
    client.on('close', () => sockets.delete(client));
    nodeOf.set(client, next++ % backends.length);
  });
  /** The client connection's node, moved on to the next one (its node refused). */
  const moveOn = (client: Socket) => nodeOf.set(client, ((nodeOf.get(client) ?? 0) + 1) % backends.length);
  const portOf = (client: Socket) => backends[nodeOf.get(client) ?? 0]!;

  server.on('request', (req: IncomingMessage, res: ServerResponse) => {
    readBody(req).then(
      (body) => forward(req, res, body, backends.length),
      () => {
        res.writeHead(413).end();
      },
    );
  });
  const forward = (req: IncomingMessage, res: ServerResponse, body: Buffer, tries: number) => {
    const up = request(
      {
        host: '127.0.0.1',
        port: portOf(req.socket),
        method: req.method,
        path: req.url,
        headers: { ...req.headers, 'x-forwarded-for': forwardedFor(req) },
        agent: false,
      },
      (answer) => {
        res.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(res);
      },
    );
    up.on('error', (e: NodeJS.ErrnoException) => {
      if (e.code === 'ECONNREFUSED' && tries > 1 && !res.headersSent) {
        moveOn(req.socket);
        forward(req, res, body, tries - 1);
      } else if (!res.headersSent) res.writeHead(502).end();
      else res.destroy();
    });
    up.end(body);
  };

  server.on('upgrade', (req: IncomingMessage, client: Socket, head: Buffer) => {
    const attempt = (tries: number) => {
      const up = connect(portOf(req.socket), '127.0.0.1');
      up.once('connect', () => {
        sockets.add(up);
        up.on('close', () => sockets.delete(up));
        up.write(requestHead(req));
        if (head.length > 0) up.write(head);
        client.pipe(up).pipe(client);
        up.on('error', () => client.destroy());
        client.on('error', () => up.destroy());
        up.on('close', () => client.destroy());
        client.on('close', () => up.destroy());
      });
      up.once('error', () => {
        if (tries > 1) {
          moveOn(req.socket);
          attempt(tries - 1);
        } else client.destroy();
      });
    };
    attempt(backends.length);
  });

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(listenPort, '127.0.0.1', () => resolve());
  });
  const port = (server.address() as { port: number }).port;
  return {
    url: `http://127.0.0.1:${port}`,
    close: () =>
      new Promise<void>((resolve) => {
        for (const s of sockets) s.destroy();
        server.close(() => resolve());
      }),
  };
}

/** The client's address appended to what an earlier proxy said, as balancers do. */
function forwardedFor(req: IncomingMessage): string {
  const earlier = req.headers['x-forwarded-for'];
  const client = req.socket.remoteAddress ?? '';
  return earlier ? `${String(earlier)}, ${client}` : client;
}

/** An upgrade request's line and headers, with `X-Forwarded-For` set by the balancer. */
function requestHead(req: IncomingMessage): string {
  const lines = [`${req.method} ${req.url} HTTP/${req.httpVersion}`];
  for (let i = 0; i < req.rawHeaders.length; i += 2)
    if (req.rawHeaders[i]!.toLowerCase() !== 'x-forwarded-for')
      lines.push(`${req.rawHeaders[i]}: ${req.rawHeaders[i + 1]}`);
  lines.push(`X-Forwarded-For: ${forwardedFor(req)}`);
  return `${lines.join('\r\n')}\r\n\r\n`;
}

function readBody(req: IncomingMessage): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const parts: Buffer[] = [];
    let size = 0;
    req.on('data', (d: Buffer) => {
      size += d.length;
      if (size > MAX_BODY) {
        req.destroy();
        reject(new Error('too large'));
      } else parts.push(d);
    });
    req.on('end', () => resolve(Buffer.concat(parts)));
    req.on('error', reject);
  });
}
