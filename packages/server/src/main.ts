/**
 * `matchbox-server`: runs the server until SIGINT/SIGTERM. Configuration comes from the
 * environment (see config.ts and docs/server.md); with none, SQLite in ./data on port 8080.
 */
import { configFromEnv } from './config.ts';
import { startServer } from './server.ts';

const config = configFromEnv();
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
