/** The names on a score pad: how many players a game allows, each named once. */
import type { PadResult } from './result.ts';
import { ok, refuse } from './result.ts';

export const MAX_NAME_LENGTH = 24;

export function checkPlayers(names: readonly string[], min: number, max: number): PadResult<string[]> {
  if (names.length < min || names.length > max) return refuse('player_count', { min, max });
  const out: string[] = [];
  const seen = new Set<string>();
  for (let i = 0; i < names.length; i++) {
    const name = names[i]!.trim().replace(/\s+/g, ' ');
    if (name === '') return refuse('missing_name', { number: i + 1 });
    if (name.length > MAX_NAME_LENGTH)
      return refuse('name_too_long', { number: i + 1, max: MAX_NAME_LENGTH });
    const key = name.toLocaleLowerCase();
    if (seen.has(key)) return refuse('duplicate_name', { player: name });
    seen.add(key);
    out.push(name);
  }
  return ok(out);
}

/** A seat number given with a sheet (a first dealer, who went out): 0..players-1. */
export function isSeat(seat: unknown, players: number): seat is number {
  return typeof seat === 'number' && Number.isInteger(seat) && seat >= 0 && seat < players;
}
