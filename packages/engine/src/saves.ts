/**
 * Shared pieces of every game's `deserialize`: the versioned envelope of a saved state and the
 * validation of its number lists. Each game still checks its own fields and invariants.
 */
import { err } from './contract.ts';

/** The error for a save that is not a consistent state of `name` (a game's display name). */
export const invalidSave =
  (name: string) =>
  (why: string): { ok: false; error: { code: string; message: string } } =>
    err('invalid_state', `Not a saved ${name} state: ${why}.`);

/**
 * Opens the envelope `{ game, version, ... }` of a saved state: the fields, or the reason it is
 * not a save of `game` at `version`.
 */
export function savedFields(json: unknown, game: string, version: number): Record<string, unknown> | string {
  if (typeof json !== 'object' || json === null || Array.isArray(json)) return 'not an object';
  const j = json as Record<string, unknown>;
  if (j.game !== game) return 'wrong game';
  if (j.version !== version) return `unsupported version ${String(j.version)}`;
  return j;
}

/** A list of whole numbers (of length `len` when given), or null. */
export function intList(v: unknown, len?: number): number[] | null {
  return Array.isArray(v) && v.every((x) => Number.isInteger(x)) && (len === undefined || v.length === len)
    ? (v as number[])
    : null;
}
