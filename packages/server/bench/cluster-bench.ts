/**
 * `npm run bench:cluster [-- --json] [-- --steps 100,250,500] [-- --seconds 10]`
 *
 * The server benchmark against 1, 2 and 3 nodes on PostgreSQL and Redis (all on this machine, so
 * the point is the correctness of scaling and the cost per action, not more throughput). Per node
 * count and step: tables, actions/s, p50/p99 round trip, and per action the statements sent to
 * PostgreSQL (besides each transaction's BEGIN and COMMIT) and the commands Redis processed;
 * then the most tables held with p99 below 50 ms.
 */
import { parseArgs } from 'node:util';
import pg from 'pg';
import { Redis } from 'ioredis';
import type { Node } from '../scripts/nodes.ts';
import { freePort, kill, startNode } from '../scripts/nodes.ts';
import type { StepResult } from './load.ts';
import { loadSteps, metric } from './load.ts';

const { values } = parseArgs({
  options: {
    json: { type: 'boolean', default: false },
    steps: { type: 'string', default: '100,250,500' },
    seconds: { type: 'string', default: '10' },
    nodes: { type: 'string', default: '1,2,3' },
  },
  strict: true,
});
const databaseUrl = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const redisUrl = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';
const redis = new Redis(redisUrl);
const redisCommands = async () =>
  Number(/total_commands_processed:(\d+)/.exec(await redis.info('stats'))?.[1] ?? 0);

const report: Record<string, unknown>[] = [];
for (const count of values.nodes.split(',').map(Number)) {
  const run = `bench_${process.pid}_${count}_${Date.now() % 1e6}`;
  const env = {
    DATABASE_URL: databaseUrl,
    DATABASE_SCHEMA: run,
    REDIS_URL: redisUrl,
    REDIS_PREFIX: `${run}:`,
    TABLES_PER_ADDRESS: '100000',
    MESSAGES_PER_SECOND: '100000',
    SPECTATORS_PER_TABLE: '1000',
  };
  const nodes: Node[] = [];
  for (let i = 0; i < count; i++) nodes.push(await startNode(await freePort(), env));
  const urls = nodes.map((n) => n.url);
  let queries = 0;
  let commands = 0;
  const sumQueries = async () => {
    let total = 0;
    for (const u of urls) total += await metric(u, 'matchbox_db_queries_total');
    return total;
  };
  const steps: (StepResult & { pgStatementsPerAction: number; redisCommandsPerAction: number })[] = [];
  await loadSteps(
    urls,
    values.steps.split(',').map(Number),
    Number(values.seconds),
    async (r) => {
      const q = (await sumQueries()) - queries;
      const c = (await redisCommands()) - commands;
      const step = {
        ...r,
        pgStatementsPerAction: Number((q / Math.max(1, r.actions)).toFixed(2)),
        redisCommandsPerAction: Number((c / Math.max(1, r.actions)).toFixed(2)),
      };
      steps.push(step);
      if (!values.json) console.log({ nodes: count, ...step });
    },
    async () => {
      queries = await sumQueries();
      commands = await redisCommands();
    },
  );
  const held = steps.filter((s) => s.p99ms < 50 && s.errors === 0).map((s) => s.tables);
  report.push({ nodes: count, tablesHeldAtP99Below50ms: held.length > 0 ? Math.max(...held) : 0, steps });
  for (const n of nodes) await kill(n);
  const db = new pg.Client({ connectionString: databaseUrl });
  await db.connect();
  await db.query(`drop schema if exists ${run} cascade`);
  await db.end();
  const keys = await redis.keys(`${run}:*`);
  if (keys.length > 0) await redis.del(...keys);
}
redis.disconnect();
console.log(
  values.json
    ? JSON.stringify(report, null, 2)
    : report.map((r) => ({ nodes: r.nodes, held: r.tablesHeldAtP99Below50ms })),
);
process.exit(0);
