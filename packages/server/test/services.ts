/**
 * The PostgreSQL and Redis that this test run uses (found once per run by services-setup.ts:
 * DATABASE_URL / REDIS_URL, else the standard local addresses when they answer; undefined when
 * none does, and the run says so loudly), and names that are this run's own: a schema or key
 * prefix never collides with another run's or with a developer's server.
 */
import { Redis } from 'ioredis';
import pg from 'pg';
import { inject } from 'vitest';

export interface Services {
  readonly databaseUrl: string | undefined;
  readonly redisUrl: string | undefined;
}

declare module 'vitest' {
  export interface ProvidedContext {
    databaseUrl: string | undefined;
    redisUrl: string | undefined;
  }
}

export const services: Services = {
  databaseUrl: inject('databaseUrl'),
  redisUrl: inject('redisUrl'),
};

let counter = 0;
/** A fresh name for this process of this run: `<prefix>_<pid>_<time>_<n>`, lower case, schema-safe. */
export function runName(prefix: string): string {
  counter += 1;
  return `${prefix}_${process.pid}_${Date.now().toString(36)}_${counter}`.toLowerCase();
}

/** Drops a run's PostgreSQL schema and deletes its Redis keys (after cluster tests). */
export async function dropRunData(schema: string, redisPrefix: string): Promise<void> {
  const { databaseUrl, redisUrl } = services;
  if (databaseUrl) {
    const admin = new pg.Client({ connectionString: databaseUrl });
    await admin.connect();
    await admin.query(`drop schema if exists ${schema} cascade`);
    await admin.end();
  }
  if (redisUrl) {
    const redis = new Redis(redisUrl);
    const keys = await redis.keys(`${redisPrefix}*`);
    if (keys.length > 0) await redis.del(...keys);
    redis.disconnect();
  }
}
