/** Reading the numbers people type into a score pad: whole numbers, with a stable refusal each. */
import type { Entry, PadResult } from './result.ts';
import { ok, refuse } from './result.ts';

const MAX_DIGITS = 6;

/**
 * A whole number, possibly signed. Accepts a leading `+`, and the typographic minus that some
 * phone keyboards insert; `player` names the row in the refusal.
 */
export function readWhole(entry: Entry, player: string): PadResult<number> {
  if (typeof entry === 'number') {
    if (!Number.isSafeInteger(entry)) return refuse('not_a_whole_number', { player, value: String(entry) });
    return Math.abs(entry) >= 10 ** MAX_DIGITS ? refuse('number_too_large', { player }) : ok(entry);
  }
  const text = entry.trim().replace(/^[\u2212\u2013]/, '-');
  if (text === '') return refuse('missing_number', { player });
  const m = /^([+-]?)(\d+)$/.exec(text);
  if (!m) return refuse('not_a_whole_number', { player, value: text });
  if (m[2]!.replace(/^0+(?=\d)/, '').length > MAX_DIGITS) return refuse('number_too_large', { player });
  const value = Number(m[2]);
  return ok(m[1] === '-' ? -value || 0 : value);
}

/** A whole number of at least 0 (bids, tricks, cards, tiles, points). */
export function readCount(entry: Entry, player: string): PadResult<number> {
  const r = readWhole(entry, player);
  if (r.ok && r.value < 0) return refuse('negative_number', { player, value: r.value });
  return r;
}

/** Reads one entry per player with `read`; the first refusal wins. */
export function readAll(
  entries: readonly Entry[],
  players: readonly string[],
  read: (entry: Entry, player: string) => PadResult<number>,
): PadResult<number[]> {
  if (entries.length !== players.length)
    return refuse('wrong_entry_count', { expected: players.length, given: entries.length });
  const out: number[] = [];
  for (let i = 0; i < players.length; i++) {
    const r = read(entries[i]!, players[i]!);
    if (!r.ok) return r;
    out.push(r.value);
  }
  return ok(out);
}

/** A stored list of entries (numbers or typed text). */
export function isEntries(value: unknown): value is Entry[] {
  return Array.isArray(value) && value.every((v) => typeof v === 'number' || typeof v === 'string');
}
