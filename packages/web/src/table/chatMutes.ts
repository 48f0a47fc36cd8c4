/**
 * The chat's mutes, kept per table in this browser: who a mute is for, and the stored set. The
 * chat panel edits them; the seats' bubbles read them, so a muted person's words show nowhere.
 */
import type { ChatLine } from '@matchbox/client';

/**
 * Who a mute is for: a seat and the name sitting there (a new person at the seat is heard again);
 * a spectator by the connection the server names (`speaker`), so a new name does not escape it.
 */
export const muteKey = (line: Pick<ChatLine, 'seat' | 'name' | 'speaker'>) =>
  line.seat === null ? line.speaker : `${line.speaker}:${line.name}`;

export function loadMutes(tableId: string): Set<string> {
  try {
    const raw = localStorage.getItem(`matchbox.mutes.${tableId}`);
    return new Set(raw ? (JSON.parse(raw) as string[]) : []);
  } catch {
    return new Set();
  }
}

export function saveMutes(tableId: string, mutes: ReadonlySet<string>): void {
  try {
    localStorage.setItem(`matchbox.mutes.${tableId}`, JSON.stringify([...mutes]));
  } catch {
    // mutes last for this page only
  }
}
