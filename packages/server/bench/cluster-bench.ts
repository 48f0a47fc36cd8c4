/**
 * `npm run bench:cluster [-- --json] [-- --steps 100,250,500] [-- --seconds 10] [-- --nodes 1,2,3]
 * [-- --profile DIR]` (`--profile`: each node writes its CPU profile there when it stops)
 *
 * The server benchmark against 1, 2 and 3 nodes on PostgreSQL and Redis (all on this machine, so
 * the point is the correctness of scaling and the cost per action, not more throughput). Per node
 * count and step: tables, actions/s, p50/p99 round trip, and per action the statements sent to
 * PostgreSQL (besides each transaction's BEGIN and COMMIT) and the commands Redis processed;
 * then the most tables held with p99 below 50 ms.
 *
 * CPU per action is counted for every process the cluster runs on: the nodes (their own metric),
 * the PostgreSQL backends serving them (found by the run's `application_name`, read from `/proc`),
 * every PostgreSQL process (the backends of the whole server and its writers: the WAL writer does
 * the commits' syncs) and Redis (`INFO cpu`); `totalCpuMsPerAction` sums the nodes, every
 * PostgreSQL process and Redis. PostgreSQL and Redis are the machine's own, so work of others on
 * them counts too: read them on a machine where nothing else uses them.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import { resolve } from 'node:path';
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
    profile: { type: 'string' },
  },
  strict: true,
});
const databaseUrl = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const redisUrl = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';
const redis = new Redis(redisUrl);
const redisCommands = async () =>
  Number(/total_commands_processed:(\d+)/.exec(await redis.info('stats'))?.[1] ?? 0);
/** Redis's CPU seconds so far (user and system, every thread). */
const redisCpu = async () => {
  const info = await redis.info('cpu');
  const read = (name: string) => Number(new RegExp(`${name}:([0-9.]+)`).exec(info)?.[1] ?? 0);
  return read('used_cpu_sys') + read('used_cpu_user');
};
/** Stops a node with SIGTERM and waits for it to exit (so that it writes its profile). */
async function stop(node: Node): Promise<void> {
  if (node.child.exitCode !== null || node.child.signalCode !== null) return;
  const exited = new Promise((r) => node.child.once('exit', r));
  node.child.kill('SIGTERM');
  await exited;
}
/** Clock ticks per second of `/proc/<pid>/stat` (Linux: 100). */
const TICKS = 100;
/** CPU seconds (user and system) of a process so far, 0 once it has gone. */
function processCpu(pid: number): number {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return (Number(fields[11]) + Number(fields[12])) / TICKS;
  } catch {
    return 0;
  }
}
/** Every PostgreSQL process of this machine: pid to CPU seconds so far. */
function postgresCpu(): Map<number, number> {
  const out = new Map<number, number>();
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      if (readFileSync(`/proc/${entry}/comm`, 'utf8').trim() !== 'postgres') continue;
    } catch {
      continue;
    }
    out.set(Number(entry), processCpu(Number(entry)));
  }
  return out;
}
/** The CPU seconds processes used between two readings (a process that started since counts from 0). */
const cpuBetween = (before: Map<number, number>, after: Map<number, number>, pids?: ReadonlySet<number>) => {
  let total = 0;
  for (const [pid, cpu] of after) if (!pids || pids.has(pid)) total += cpu - (before.get(pid) ?? 0);
  return total;
};

const report: Record<string, unknown>[] = [];
for (const count of values.nodes.split(',').map(Number)) {
  const run = `bench_${process.pid}_${count}_${Date.now() % 1e6}`;
  const env = {
    // The run's name marks its PostgreSQL backends (pg_stat_activity.application_name).
    DATABASE_URL: `${databaseUrl}${databaseUrl.includes('?') ? '&' : '?'}application_name=${run}`,
    DATABASE_SCHEMA: run,
    REDIS_URL: redisUrl,
    REDIS_PREFIX: `${run}:`,
    TABLES_PER_ADDRESS: '100000',
    // Every table is made from this one address (the cost of making tables is counted per address).
    TABLE_POINTS_PER_ADDRESS: '10000000',
    MESSAGES_PER_SECOND: '100000',
    SPECTATORS_PER_TABLE: '1000',
  };
  const nodes: Node[] = [];
  const flags = values.profile ? ['--cpu-prof', `--cpu-prof-dir=${resolve(values.profile)}`] : [];
  for (let i = 0; i < count; i++) nodes.push(await startNode(await freePort(), env, flags));
  const urls = nodes.map((n) => n.url);
  let queries = 0;
  let commands = 0;
  let pgBefore = new Map<number, number>();
  let redisBefore = 0;
  const admin = new pg.Client({ connectionString: databaseUrl });
  await admin.connect();
  const backends = async () =>
    new Set(
      (
        await admin.query<{ pid: number }>('select pid from pg_stat_activity where application_name = $1', [
          run,
        ])
      ).rows.map((r) => r.pid),
    );
  const sumQueries = async () => {
    let total = 0;
    for (const u of urls) total += await metric(u, 'matchbox_db_queries_total');
    return total;
  };
  const steps: (StepResult & Record<string, unknown>)[] = [];
  await loadSteps(
    urls,
    values.steps.split(',').map(Number),
    Number(values.seconds),
    async (r) => {
      const pgAfter = postgresCpu();
      const redisSeconds = (await redisCpu()) - redisBefore;
      const q = (await sumQueries()) - queries;
      const c = (await redisCommands()) - commands;
      const perAction = (seconds: number) => Number(((seconds * 1000) / Math.max(1, r.actions)).toFixed(3));
      const pgBackends = perAction(cpuBetween(pgBefore, pgAfter, await backends()));
      const pgAll = perAction(cpuBetween(pgBefore, pgAfter));
      const redisMs = perAction(redisSeconds);
      const step = {
        ...r,
        pgStatementsPerAction: Number((q / Math.max(1, r.actions)).toFixed(2)),
        redisCommandsPerAction: Number((c / Math.max(1, r.actions)).toFixed(2)),
        pgBackendsCpuMsPerAction: pgBackends,
        pgAllCpuMsPerAction: pgAll,
        redisCpuMsPerAction: redisMs,
        totalCpuMsPerAction: Number((r.serverCpuMsPerAction + pgAll + redisMs).toFixed(3)),
        loadAverage: Number(loadavg()[0]!.toFixed(1)),
      };
      steps.push(step);
      if (!values.json) console.log({ nodes: count, ...step });
    },
    async () => {
      queries = await sumQueries();
      commands = await redisCommands();
      pgBefore = postgresCpu();
      redisBefore = await redisCpu();
    },
  );
  const held = steps.filter((s) => s.p99ms < 50 && s.errors === 0).map((s) => s.tables);
  report.push({ nodes: count, tablesHeldAtP99Below50ms: held.length > 0 ? Math.max(...held) : 0, steps });
  // A CPU profile is written when a node exits on its own.
  if (values.profile) await Promise.all(nodes.map((n) => stop(n)));
  for (const n of nodes) await kill(n);
  await admin.query(`drop schema if exists ${run} cascade`);
  await admin.end();
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
