/**
 * Two server processes of one run on PostgreSQL and Redis, for the soak files that play across
 * nodes: started before the file's tests when `enabled`, killed after them, and the run's schema
 * and Redis keys dropped. Each run has a schema, a key prefix and a secret (shared by its nodes, as
 * docs/deploy.md asks) of its own; `extra` adds settings (a limit, a short grace).
 */
import { afterAll, beforeAll } from 'vitest';
import type { Node } from '../scripts/nodes.ts';
import { freePort, kill, startNode } from '../scripts/nodes.ts';
import { dropRunData, runName, services } from './services.ts';

export interface TwoNodes {
  /** The two nodes, once started (the first creates the schema; the second starts beside it). */
  readonly nodes: Node[];
  /** This run's name, to make other names of it unique. */
  readonly run: string;
}

export function twoNodes(name: string, enabled: boolean, extra: Record<string, string> = {}): TwoNodes {
  const run = runName(name);
  const env = {
    DATABASE_URL: services.databaseUrl ?? '',
    DATABASE_SCHEMA: `mb_${run}`,
    REDIS_URL: services.redisUrl ?? '',
    REDIS_PREFIX: `matchbox-test-${run}:`,
    LEASE_MS: '1500',
    MATCHBOX_SECRET: `secret-${run}`,
    ...extra,
  };
  const nodes: Node[] = [];
  beforeAll(async () => {
    if (!enabled) return;
    nodes.push(await startNode(await freePort(), env));
    nodes.push(await startNode(await freePort(), env));
  }, 180_000);
  afterAll(async () => {
    for (const n of nodes) await kill(n);
    if (enabled) await dropRunData(env.DATABASE_SCHEMA, env.REDIS_PREFIX);
  });
  return { nodes, run };
}
