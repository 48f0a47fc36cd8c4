/**
 * The score pads on this device: plain client state in localStorage, so a pad works without the
 * server, survives a reload and several pads live side by side. Each stored sheet is rebuilt
 * through its game's checks when read; one that does not hold is left out.
 */
import type { GameId } from '../games/types.ts';
import type { Sheet } from './scoring/index.ts';
import { restoreSheet } from './scoring/index.ts';

export const PADS_KEY = 'matchbox.pads';
const MAX_PADS = 50;

export interface SavedPad {
  readonly id: string;
  readonly createdAt: number;
  readonly updatedAt: number;
  readonly sheet: Sheet;
}

export function loadPads(): SavedPad[] {
  let raw: unknown;
  try {
    raw = JSON.parse(localStorage.getItem(PADS_KEY) ?? '[]');
  } catch {
    return [];
  }
  if (!Array.isArray(raw)) return [];
  const pads: SavedPad[] = [];
  for (const item of raw as unknown[]) {
    if (typeof item !== 'object' || item === null) continue;
    const p = item as Partial<Record<keyof SavedPad, unknown>>;
    if (typeof p.id !== 'string' || typeof p.createdAt !== 'number' || typeof p.updatedAt !== 'number')
      continue;
    const sheet = restoreSheet(p.sheet);
    if (sheet) pads.push({ id: p.id, createdAt: p.createdAt, updatedAt: p.updatedAt, sheet });
  }
  return pads.sort((a, b) => b.updatedAt - a.updatedAt);
}

function write(pads: readonly SavedPad[]): boolean {
  try {
    localStorage.setItem(PADS_KEY, JSON.stringify(pads.slice(0, MAX_PADS)));
    return true;
  } catch {
    return false; // no storage (private mode, full): the pad lasts for this page only
  }
}

export function findPad(id: string): SavedPad | null {
  return loadPads().find((p) => p.id === id) ?? null;
}

/** The most recently changed pad of a game. */
export function latestPad(game: GameId): SavedPad | null {
  return loadPads().find((p) => p.sheet.game === game) ?? null;
}

/** Stores a new pad and returns it. */
export function addPad(sheet: Sheet, now = Date.now()): SavedPad {
  const pad: SavedPad = { id: newId(now), createdAt: now, updatedAt: now, sheet };
  write([pad, ...loadPads()]);
  return pad;
}

/** Stores a pad's new sheet (a recorded entry); null when no such pad is stored. */
export function updatePad(id: string, sheet: Sheet, now = Date.now()): SavedPad | null {
  const pads = loadPads();
  const old = pads.find((p) => p.id === id);
  if (!old) return null;
  const pad: SavedPad = { ...old, sheet, updatedAt: now };
  write([pad, ...pads.filter((p) => p.id !== id)]);
  return pad;
}

export function deletePad(id: string): void {
  write(loadPads().filter((p) => p.id !== id));
}

function newId(now: number): string {
  // crypto.randomUUID needs a secure context, which a phone on the local network may not have.
  return now.toString(36) + Math.random().toString(36).slice(2, 8);
}
