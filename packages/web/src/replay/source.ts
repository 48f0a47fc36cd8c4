/** Where a replay comes from: the server (a table's) or a record file the player opens. */
import type { WireError } from '@matchbox/client';
import type { GameRecord, Viewer } from '@matchbox/engine';
import { parseRecord, parseRecordText } from '@matchbox/engine';
import { ApiError } from '../api.ts';
import type { Replay, ReplayError, ServerStep } from './steps.ts';
import { replayOfRecord, replayOfViews } from './steps.ts';

type Reply =
  | { readonly kind: 'record'; readonly record: unknown }
  | { readonly kind: 'views'; readonly viewer: Viewer; readonly steps: readonly ServerStep[] };

/**
 * A table's replay: the whole record once the game is over, else what the seat of `token` (or a
 * spectator) saw. The server decides which; the page shows what it gets.
 */
export async function fetchTableReplay(
  tableId: string,
  players: number,
  game: string,
  token: string | null,
): Promise<{ replay: Replay; finished: boolean }> {
  let response: Response;
  try {
    response = await fetch(`/api/tables/${encodeURIComponent(tableId)}/replay`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(token ? { token } : {}),
    });
  } catch {
    throw new ApiError('network', 'The server cannot be reached.');
  }
  const data = (await response.json().catch(() => null)) as Reply | { error: WireError } | null;
  if (!response.ok || !data || 'error' in data) {
    const error =
      data && 'error' in data ? data.error : { code: 'http_error', message: `HTTP ${response.status}` };
    throw new ApiError(error.code, error.message, response.status);
  }
  if (data.kind === 'views')
    return { replay: replayOfViews(game, players, data.viewer, data.steps), finished: false };
  const record = parseRecord(data.record);
  if (!record.ok) throw new ApiError(record.error.code, record.error.message);
  const replayed = replayOfRecord(record.value);
  if (!replayed.ok) throw new ApiError(replayed.error.code, replayed.error.message);
  return { replay: replayed.value, finished: true };
}

/** A record file read and replayed: the replay and the names it carries, or why not. */
export function replayOfText(
  text: string,
):
  | { ok: true; replay: Replay; names: readonly string[] | null; record: GameRecord }
  | { ok: false; error: ReplayError } {
  const read = parseRecordText(text);
  if (!read.ok) return read;
  const replayed = replayOfRecord(read.value.record);
  if (!replayed.ok) return replayed;
  return { ok: true, replay: replayed.value, names: read.value.names ?? null, record: read.value.record };
}
