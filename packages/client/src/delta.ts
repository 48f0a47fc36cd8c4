/**
 * Delta updates (docs/server.md, "Delta updates"): after its hello's full update, a connection that
 * said hello with `deltas: true` is sent, for each move, only what changed in its viewer's update.
 * A delta carries the move's events, `pauseUntil` and `rated` whole (when the update has them),
 * the fields of `DELTA_FIELDS` that changed, and the view's top-level keys whose value changed
 * (`view`) or that are gone (`viewRemoved`). Applied to the update it was made from (or any equal
 * to it), it gives exactly the full update of `version`: the server keeps every connection that
 * takes deltas on the update it made them from (docs/server.md, "Delta updates").
 */
import type { TableDelta, TableUpdate } from './wire.ts';

/** The fields of an update a delta carries only when they changed. */
export const DELTA_FIELDS = [
  'legal',
  'blocked',
  'canUndo',
  'toAct',
  'phase',
  'turn',
  'result',
  'status',
  'seats',
  'deadlineAt',
] as const;

type Json = unknown;

const isPlain = (v: unknown): v is Record<string, Json> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);

/**
 * Whether two JSON values are written the same (objects' keys in the same order: a client's copy
 * then reads exactly as the server's; `undefined` keys are absent, as in JSON).
 */
export function sameJson(a: Json, b: Json): boolean {
  return same(a, b, 0);
}

/** Two lists of keys per depth of `same`, reused: a comparison allocates nothing. */
const scratch: string[][] = [];

/** `o`'s keys with a value, in order, into the scratch list `slot`; their count. */
function keysOf(o: Record<string, Json>, slot: number): number {
  const keys = (scratch[slot] ??= []);
  let n = 0;
  for (const k in o) if (o[k] !== undefined) keys[n++] = k;
  return n;
}

function same(a: Json, b: Json, depth: number): boolean {
  if (a === b) return true;
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) return false;
  if (Array.isArray(a)) {
    if (!Array.isArray(b) || a.length !== b.length) return false;
    for (let i = 0; i < a.length; i++) if (!same(a[i], b[i], depth + 1)) return false;
    return true;
  }
  if (Array.isArray(b)) return false;
  const x = a as Record<string, Json>;
  const y = b as Record<string, Json>;
  const n = keysOf(x, 2 * depth);
  if (keysOf(y, 2 * depth + 1) !== n) return false;
  const kx = scratch[2 * depth]!;
  const ky = scratch[2 * depth + 1]!;
  for (let i = 0; i < n; i++) {
    const k = kx[i]!;
    // The deeper comparison reuses the deeper lists only, so these stay valid.
    if (k !== ky[i] || !same(x[k], y[k], depth + 1)) return false;
  }
  return true;
}

/**
 * The delta from `prev` (this viewer's update of version `next.from`) to `next`, or null when
 * `next` brings no move, the two are of different viewers or versions, or a view is not an object
 * (then the full update is sent).
 */
export function deltaOf(prev: TableUpdate, next: TableUpdate): TableDelta | null {
  if (next.from === next.version || prev.version !== next.from || prev.seat !== next.seat) return null;
  if (prev.tableId !== next.tableId || !isPlain(prev.view) || !isPlain(next.view)) return null;
  const view: Record<string, Json> = {};
  const viewRemoved: string[] = [];
  for (const k in next.view) {
    const v = next.view[k];
    if (v !== undefined && !sameJson(prev.view[k], v)) view[k] = v;
  }
  for (const k in prev.view)
    if (prev.view[k] !== undefined && next.view[k] === undefined) viewRemoved.push(k);
  const changed: Record<string, Json> = {};
  for (const k of DELTA_FIELDS) if (!sameJson(prev[k], next[k])) changed[k] = next[k];
  return {
    tableId: next.tableId,
    version: next.version,
    from: next.from,
    seat: next.seat,
    events: next.events,
    ...(next.pauseUntil !== undefined ? { pauseUntil: next.pauseUntil } : {}),
    ...(next.rated !== undefined ? { rated: next.rated } : {}),
    ...changed,
    view,
    viewRemoved,
  };
}

/**
 * `delta` applied to `prev`, this viewer's update of version `delta.from`: the full update of
 * `delta.version`. Null when it does not apply (another version, viewer or table, or a view that is
 * not an object): the client then asks for a full update.
 */
export function applyDelta(prev: TableUpdate, delta: TableDelta): TableUpdate | null {
  if (prev.version !== delta.from || prev.seat !== delta.seat || prev.tableId !== delta.tableId) return null;
  if (!isPlain(prev.view)) return null;
  const view: Record<string, Json> = { ...prev.view };
  for (const k of delta.viewRemoved) delete view[k];
  for (const k in delta.view) view[k] = delta.view[k];
  const next: Record<string, Json> = { ...prev, events: delta.events, view };
  for (const k of DELTA_FIELDS) if (k in delta) next[k] = delta[k];
  next['version'] = delta.version;
  next['from'] = delta.from;
  if (delta.pauseUntil !== undefined) next['pauseUntil'] = delta.pauseUntil;
  else delete next['pauseUntil'];
  if (delta.rated !== undefined) next['rated'] = delta.rated;
  else delete next['rated'];
  return next as unknown as TableUpdate;
}
