/**
 * Real server processes for cluster and crash tests: start a node on a port with an environment,
 * kill it with SIGKILL, and a round-robin TCP proxy that stands in for a load balancer.
 */
import type { ChildProcess } from 'node:child_process';
import { spawn } from 'node:child_process';
import type { Server, Socket } from 'node:net';
import { connect, createServer } from 'node:net';
import { resolve } from 'node:path';

const ROOT = resolve(import.meta.dirname, '../../..');

export async function freePort(): Promise<number> {
  return new Promise((done) => {
    const s = createServer();
    s.listen(0, '127.0.0.1', () => {
      const port = (s.address() as { port: number }).port;
      s.close(() => done(port));
    });
  });
}

export interface Node {
  readonly port: number;
  readonly url: string;
  child: ChildProcess;
  output: string;
}

/** Starts `packages/server/src/main.ts` on `port` and waits for its ready line. */
export async function startNode(port: number, env: Record<string, string>): Promise<Node> {
  const child = spawn(
    process.execPath,
    ['--import', 'tsx', '--conditions=matchbox-source', 'packages/server/src/main.ts'],
    {
      cwd: ROOT,
      env: {
        ...process.env,
        PORT: String(port),
        BOT_PACE_MS: '0',
        BOT_THREADS: '1',
        LOG_LEVEL: 'warn',
        ...env,
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  const node: Node = { port, url: `http://127.0.0.1:${port}`, child, output: '' };
  await new Promise<void>((done, fail) => {
    const timer = setTimeout(() => fail(new Error(`node ${port} did not start:\n${node.output}`)), 60_000);
    child.stdout.on('data', (d: Buffer) => {
      node.output += d.toString();
      if (node.output.includes('matchbox server:')) {
        clearTimeout(timer);
        done();
      }
    });
    child.stderr.on('data', (d: Buffer) => (node.output += d.toString()));
    child.on('exit', (code) => {
      clearTimeout(timer);
      fail(new Error(`node ${port} exited (${code}):\n${node.output}`));
    });
  });
  return node;
}

export async function kill(node: Node): Promise<void> {
  if (node.child.exitCode !== null || node.child.signalCode !== null) return;
  const exited = new Promise((r) => node.child.once('exit', r));
  node.child.kill('SIGKILL');
  await exited;
}

/**
 * A TCP load balancer on loopback: each new connection goes to the next backend that accepts
 * it (round robin), so clients spread over the nodes and find a live one after a node dies.
 */
export async function roundRobinProxy(
  backends: readonly number[],
  listenPort = 0,
): Promise<{ url: string; close(): Promise<void> }> {
  let next = 0;
  const sockets = new Set<Socket>();
  const server: Server = createServer((client) => {
    sockets.add(client);
    client.on('close', () => sockets.delete(client));
    const tryBackend = (left: number) => {
      if (left === 0) {
        client.destroy();
        return;
      }
      const port = backends[next++ % backends.length]!;
      const upstream = connect(port, '127.0.0.1');
      upstream.once('connect', () => {
        sockets.add(upstream);
        upstream.on('close', () => sockets.delete(upstream));
        client.pipe(upstream).pipe(client);
        upstream.on('error', () => client.destroy());
        client.on('error', () => upstream.destroy());
        upstream.on('close', () => client.destroy());
        client.on('close', () => upstream.destroy());
      });
      upstream.once('error', () => tryBackend(left - 1));
    };
    tryBackend(backends.length);
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(listenPort, '127.0.0.1', () => resolve());
  });
  const port = (server.address() as { port: number }).port;
  return {
    url: `http://127.0.0.1:${port}`,
    close: () =>
      new Promise<void>((r) => {
        for (const s of sockets) s.destroy();
        server.close(() => r());
      }),
  };
}
