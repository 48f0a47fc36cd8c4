/**
 * `npm run cluster [-- --nodes 3]`: several server nodes on local ports sharing PostgreSQL and
 * Redis, behind a small round-robin proxy that stands in for a load balancer. For demos and
 * trials on one machine; docs/deploy.md explains a real deployment.
 *
 * DATABASE_URL and REDIS_URL default to the local servers (postgres://postgres@127.0.0.1:5432/test,
 * redis://127.0.0.1:6379); the tables live in the schema DATABASE_SCHEMA (default
 * matchbox_cluster). Ctrl-C stops every node.
 */
import { parseArgs } from 'node:util';
import type { Node } from './nodes.ts';
import { freePort, kill, roundRobinProxy, startNode } from './nodes.ts';

const { values } = parseArgs({
  options: { nodes: { type: 'string', default: '3' }, port: { type: 'string', default: '8080' } },
  strict: true,
});
const count = Number(values.nodes);
if (!Number.isInteger(count) || count < 1 || count > 16) {
  console.error('--nodes must be a whole number from 1 to 16');
  process.exit(2);
}
const env = {
  DATABASE_URL: process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test',
  DATABASE_SCHEMA: process.env.DATABASE_SCHEMA ?? 'matchbox_cluster',
  REDIS_URL: process.env.REDIS_URL ?? 'redis://127.0.0.1:6379',
  BOT_PACE_MS: process.env.BOT_PACE_MS ?? '700',
  LOG_LEVEL: process.env.LOG_LEVEL ?? 'warn',
};
const nodes: Node[] = [];
for (let i = 0; i < count; i++) {
  const node = await startNode(await freePort(), env);
  nodes.push(node);
  console.log(`node ${i + 1}: ${node.url}`);
}
const proxy = await roundRobinProxy(
  nodes.map((n) => n.port),
  Number(values.port),
);
console.log(
  `\nmatchbox cluster of ${count} nodes behind ${proxy.url} (PostgreSQL schema ${env.DATABASE_SCHEMA})`,
);
const stop = async () => {
  await proxy.close();
  await Promise.all(nodes.map((n) => kill(n)));
  process.exit(0);
};
process.on('SIGINT', () => void stop());
process.on('SIGTERM', () => void stop());
