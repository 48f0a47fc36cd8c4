/**
 * `matchbox-server`: runs the server until SIGINT/SIGTERM. Configuration comes from the
 * environment (see config.ts and docs/server.md); with none, SQLite in ./data on port 8080.
 *
 * `NODES=N` (with PostgreSQL and Redis) runs N server processes that share the one port: this
 * process supervises them (node:cluster hands each new connection to one of them, so no balancer
 * is needed on one machine), restarts one that dies, and stops them all on SIGINT/SIGTERM. Each is
 * a node of the cluster mode (docs/deploy.md, "A big single host").
 */
import cluster from 'node:cluster';
import pino from 'pino';
import type { ServerConfig } from './config.ts';
import { configFromEnv } from './config.ts';
import { QUICK_DEATH_MS, RestartRule } from './restarts.ts';
import { sealSecret } from './sealed.ts';
import { startServer } from './server.ts';

interface Ready {
  readonly type: 'matchbox:listening';
  readonly url: string;
}

async function serveHere(config: ServerConfig): Promise<void> {
  // The last resort: a rejection that no handler caught is logged, and the process (with every
  // table on it) goes on. Every handler answers its own failures (realtime.ts, http.ts); this is
  // only the net under them, so that a mistake there costs one answer, not the node.
  const guard = pino({ level: config.logLevel });
  process.on('unhandledRejection', (reason) => guard.error({ err: reason }, 'unhandled rejection'));
  const server = await startServer(config);
  if (cluster.isWorker) process.send!({ type: 'matchbox:listening', url: server.url } satisfies Ready);
  else process.stdout.write(`matchbox server: ${server.url}\n`);
  let stopping = false;
  const stop = (signal: string) => {
    if (stopping) return;
    stopping = true;
    if (!cluster.isWorker) process.stdout.write(`\n${signal}: stopping\n`);
    void server.close().then(() => process.exit(0));
  };
  process.on('SIGINT', () => stop('SIGINT'));
  process.on('SIGTERM', () => stop('SIGTERM'));
}

/** NODES > 1: starts the server processes, prints the address once all listen, and keeps them running. */
function supervise(config: ServerConfig): void {
  const log = pino({ level: config.logLevel });
  if (!config.databaseUrl || !config.redisUrl) {
    process.stderr.write(
      `NODES=${config.nodes} needs PostgreSQL (DATABASE_URL) and Redis (REDIS_URL): several processes ` +
        'share tables only in the cluster mode; SQLite is served by one process (NODES=1).\n',
    );
    process.exit(2);
  }
  // The nodes must seal seat tokens with one key: without MATCHBOX_SECRET the key file is made
  // here, once, and its secret handed to each of them.
  const secret = sealSecret(config.secret, config.dataDir).text;
  let stopping = false;
  let announced = false;
  const listening = new Set<number>();
  const restarts = new RestartRule();
  const started = new Map<number, number>();
  const fork = () => {
    const worker = cluster.fork({ MATCHBOX_SECRET: secret });
    started.set(worker.id, Date.now());
    worker.on('message', (m: Ready) => {
      if (m?.type !== 'matchbox:listening') return;
      listening.add(worker.id);
      setTimeout(() => {
        if (listening.has(worker.id)) restarts.served();
      }, QUICK_DEATH_MS).unref();
      if (!announced && listening.size === config.nodes) {
        announced = true;
        process.stdout.write(`matchbox server: ${m.url} (${config.nodes} nodes)\n`);
      }
    });
  };
  const remaining = () => Object.keys(cluster.workers ?? {}).length;
  /** Stops every server process; this one exits (with `process.exitCode`) once the last has. */
  const stopAll = () => {
    stopping = true;
    for (const w of Object.values(cluster.workers ?? {})) w?.process.kill('SIGTERM');
    if (remaining() === 0) process.exit();
  };
  cluster.on('exit', (worker, code, signal) => {
    const listened = listening.delete(worker.id);
    const startedAt = started.get(worker.id) ?? 0;
    started.delete(worker.id);
    if (stopping) {
      if (remaining() === 0) process.exit();
      return;
    }
    if (restarts.died(listened, Date.now() - startedAt) === 'stop') {
      log.fatal({ code, signal }, 'server processes keep dying at start; stopping');
      process.exitCode = 1;
      stopAll();
      return;
    }
    log.error({ pid: worker.process.pid, code, signal }, 'a server process died; starting another');
    fork();
  });
  const stop = (signal: string) => {
    if (stopping) return;
    process.stdout.write(`\n${signal}: stopping\n`);
    stopAll();
  };
  process.on('SIGINT', () => stop('SIGINT'));
  process.on('SIGTERM', () => stop('SIGTERM'));
  for (let i = 0; i < config.nodes; i++) fork();
}

const config = configFromEnv();
if (config.nodes > 1 && cluster.isPrimary) supervise(config);
else await serveHere(config);
