/**
 * Before the node tests' workers start: find PostgreSQL and Redis for the storage, account and
 * cluster tests. `DATABASE_URL` / `REDIS_URL` win; otherwise the standard local addresses are
 * tried (PostgreSQL as user postgres at 127.0.0.1:5432, database `test` then `postgres`; Redis at
 * 127.0.0.1:6379). What answers is handed to the tests (`inject('databaseUrl')`, see
 * services.ts). What does not answer is said loudly at the start and again at the end of the run,
 * with the tests it skips; under CI=true a missing service fails the run instead.
 */
import pg from 'pg';
import { Redis } from 'ioredis';
import type { TestProject } from 'vitest/node';
import type { Services } from './services.ts';

export const LOCAL_POSTGRES = [
  'postgres://postgres@127.0.0.1:5432/test',
  'postgres://postgres@127.0.0.1:5432/postgres',
];
export const LOCAL_REDIS = 'redis://127.0.0.1:6379';

/** Why `url` does not answer, or null when it does. */
async function postgresProblem(url: string): Promise<string | null> {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 2_000 });
  client.on('error', () => undefined);
  try {
    await client.connect();
    await client.query('select 1');
    return null;
  } catch (e) {
    return e instanceof Error ? e.message || e.constructor.name : String(e);
  } finally {
    await client.end().catch(() => undefined);
  }
}

async function redisProblem(url: string): Promise<string | null> {
  const redis = new Redis(url, {
    lazyConnect: true,
    connectTimeout: 2_000,
    maxRetriesPerRequest: 0,
    retryStrategy: () => null,
  });
  redis.on('error', () => undefined);
  try {
    await redis.connect();
    return (await redis.ping()) === 'PONG' ? null : 'no PONG';
  } catch (e) {
    return e instanceof Error ? e.message || e.constructor.name : String(e);
  } finally {
    redis.disconnect();
  }
}

const redact = (url: string): string => url.replace(/\/\/([^:@/]+):[^@/]*@/, '//$1:***@');

/** The services to use, and for each missing one why it is missing. */
export async function findServices(env: NodeJS.ProcessEnv = process.env): Promise<{
  services: Services;
  missing: string[];
}> {
  const missing: string[] = [];
  let databaseUrl: string | undefined;
  const pgCandidates = env.DATABASE_URL ? [env.DATABASE_URL] : LOCAL_POSTGRES;
  const pgProblems: string[] = [];
  for (const url of pgCandidates) {
    const problem = await postgresProblem(url);
    if (!problem) {
      databaseUrl = url;
      break;
    }
    pgProblems.push(`${redact(url)}: ${problem}`);
  }
  if (!databaseUrl)
    missing.push(
      `PostgreSQL (${pgProblems.join('; ')}): skipped the PostgreSQL runs of store.test.ts and ` +
        'accounts.test.ts, and cluster.test.ts',
    );
  const redisCandidate = env.REDIS_URL || LOCAL_REDIS;
  const redisError = await redisProblem(redisCandidate);
  const redisUrl = redisError ? undefined : redisCandidate;
  if (redisError) missing.push(`Redis (${redact(redisCandidate)}: ${redisError}): skipped cluster.test.ts`);
  return { services: { databaseUrl, redisUrl }, missing };
}

function shout(lines: readonly string[]): void {
  const bar = '!'.repeat(100);
  console.warn(
    [bar, 'SKIPPED TESTS: a service they need does not answer', ...lines.map((l) => `  - ${l}`), bar].join(
      '\n',
    ),
  );
}

export default async function setup(project: TestProject): Promise<() => void> {
  const { services, missing } = await findServices();
  if (missing.length > 0 && process.env.CI)
    throw new Error(`CI must run the storage and cluster tests; missing:\n${missing.join('\n')}`);
  project.provide('databaseUrl', services.databaseUrl);
  project.provide('redisUrl', services.redisUrl);
  if (missing.length > 0) shout(missing);
  return () => {
    if (missing.length > 0) shout(missing);
  };
}
