/**
 * Real server processes for cluster and crash tests: start a node on a port with an environment,
 * kill it with SIGKILL, and (balancer.ts) a round-robin balancer in front of them.
 */
import type { ChildProcess } from 'node:child_process';
import { spawn } from 'node:child_process';
import { createServer } from 'node:net';
import { resolve } from 'node:path';
import { BALANCER_TRUST } from './balancer.ts';

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
export async function startNode(
  port: number,
  env: Record<string, string>,
  nodeFlags: readonly string[] = [],
): Promise<Node> {
  const child = spawn(
    process.execPath,
    [...nodeFlags, '--import', 'tsx', '--conditions=matchbox-source', 'packages/server/src/main.ts'],
    {
      cwd: ROOT,
      env: {
        ...process.env,
        PORT: String(port),
        BOT_PACE_MS: '0',
        BOT_THREADS: '1',
        LOG_LEVEL: 'warn',
        // The balancer's X-Forwarded-For names the client (balancer.ts).
        TRUSTED_PROXIES: BALANCER_TRUST,
        ...env,
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  const node: Node = { port, url: `http://127.0.0.1:${port}`, child, output: '' };
  await new Promise<void>((done, fail) => {
    const timer = setTimeout(() => {
      // Ended, so that a start that never came leaves no process (and no supervisor's children).
      child.kill('SIGTERM');
      fail(new Error(`node ${port} did not start:\n${node.output}`));
    }, 60_000);
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

export { BALANCER_TRUST, roundRobinProxy } from './balancer.ts';
