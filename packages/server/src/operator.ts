/**
 * What an operator's tools reach of the server (the `matchbox reports` command): the store the
 * server uses under the same settings, and the reports kept in it. Light on purpose: no sockets,
 * no tables, no bots.
 */
import { existsSync } from 'node:fs';
import { join, resolve } from 'node:path';
import type { OpenedDb } from './db.ts';
import { openDb } from './db.ts';

export { closeReport, listReports } from './reports.ts';
export type { Report } from './reports.ts';

/**
 * Opens the store the server would use with `env`: the SQLite file in the data folder `dataDir`
 * when one is named, else PostgreSQL at `DATABASE_URL` (in `DATABASE_SCHEMA`), else the SQLite
 * file in `MATCHBOX_DATA` (default `data`). A data folder without a store is an error, not a new
 * empty store.
 */
export async function openServerStore(env: NodeJS.ProcessEnv, dataDir?: string): Promise<OpenedDb> {
  if (env.DATABASE_URL && dataDir === undefined)
    return openDb({
      databaseUrl: env.DATABASE_URL,
      schema: env.DATABASE_SCHEMA || undefined,
      sqliteFile: '',
    });
  const file = join(resolve(dataDir ?? env.MATCHBOX_DATA ?? 'data'), 'matchbox.db');
  if (!existsSync(file))
    throw new Error(`There is no matchbox store at ${file} (set DATABASE_URL, or --data).`);
  return openDb({ sqliteFile: file });
}
