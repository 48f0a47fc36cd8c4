/**
 * Shared pieces of every game's `deserialize`: the versioned envelope of a saved state and the
 * validation of its number lists. Each game still checks its own fields and invariants.
 */
import type { EngineError } from './contract.ts';
import { err } from './contract.ts';

/** The error for a save that is not a consistent state of `name` (a game's display name). */
export const invalidSave =
  (name: string) =>
  (why: string): { ok: false; error: EngineError } =>
    err('invalid_state', `Not a saved ${name} state: ${why}.`);

/**
 * Upgrades a save by one version: from the fields of a version-n save to those of version n+1
 * (with `version` set to n+1), or the reason it cannot.
 */
export type SaveMigration = (save: Readonly<Record<string, unknown>>) => Record<string, unknown> | string;

/**
 * Opens the envelope `{ game, version, ... }` of a saved state: the fields, or the reason it is
 * not a save of `game`. A save of an older version is brought up to `version` through
 * `migrations[v]` (v to v+1) in turn; a version with no path, or newer than `version`, is refused.
 */
export function savedFields(
  json: unknown,
  game: string,
  version: number,
  migrations: Readonly<Record<number, SaveMigration>> = {},
): Record<string, unknown> | string {
  if (typeof json !== 'object' || json === null || Array.isArray(json)) return 'not an object';
  let j = json as Record<string, unknown>;
  if (j.game !== game) return 'wrong game';
  if (typeof j.version !== 'number' || !Number.isInteger(j.version) || j.version > version)
    return `unsupported version ${String(j.version)}`;
  while ((j.version as number) < version) {
    const from = j.version as number;
    const migrate = migrations[from];
    if (!migrate) return `unsupported version ${from}`;
    const next = migrate(j);
    if (typeof next === 'string') return `cannot upgrade version ${from}: ${next}`;
    if (next.version !== from + 1)
      throw new Error(`${game} save migration ${from} did not reach ${from + 1}`);
    j = next;
  }
  return j;
}

/** A list of whole numbers (of length `len` when given), or null. */
export function intList(v: unknown, len?: number): number[] | null {
  return Array.isArray(v) && v.every((x) => Number.isInteger(x)) && (len === undefined || v.length === len)
    ? (v as number[])
    : null;
}
