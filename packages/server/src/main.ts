/**
 * `matchbox-server`: runs the server until SIGINT/SIGTERM. Configuration comes from the
 * environment (see config.ts and docs/server.md); with none, SQLite in ./data on port 8080.
 */
import pino from 'pino';
import { configFromEnv } from './config.ts';
import { startServer } from './server.ts';

const config = configFromEnv();
// The last resort: a rejection that no handler caught is logged, and the process (with every
// table on it) goes on. Every handler answers its own failures (realtime.ts, http.ts); this is
// only the net under them, so that a mistake there costs one answer, not the node.
const guard = pino({ level: config.logLevel });
process.on('unhandledRejection', (reason) => guard.error({ err: reason }, 'unhandled rejection'));
const server = await startServer(config);
process.stdout.write(`matchbox server: ${server.url}\n`);
let stopping = false;
const stop = (signal: string) => {
  if (stopping) return;
  stopping = true;
  process.stdout.write(`\n${signal}: stopping\n`);
  void server.close().then(() => process.exit(0));
};
process.on('SIGINT', () => stop('SIGINT'));
process.on('SIGTERM', () => stop('SIGTERM'));
