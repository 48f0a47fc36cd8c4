/** Where a replay comes from: the server (a table's) or a record file the player opens. */
import type { Check } from '@matchbox/client/answers';
import { anything, array, int, literal, nullable, object, oneOf, string } from '@matchbox/client/answers';
import type { GameRecord, Viewer } from '@matchbox/engine';
import { parseRecord, parseRecordText } from '@matchbox/engine';
import { ApiError, call } from '../api.ts';
import type { Replay, ReplayError, ServerStep } from './steps.ts';
import { replayOfRecord, replayOfViews } from './steps.ts';

type Reply =
  | { readonly kind: 'record'; readonly record: unknown }
  | { readonly kind: 'views'; readonly viewer: Viewer; readonly steps: readonly ServerStep[] };

const serverStep = object<ServerStep>({
  seat: nullable(int),
  action: nullable(string),
  events: array(anything),
  view: anything,
  toAct: array(int),
});

/** The server's answer checked (the record itself is the engine's to parse). */
const replyOf: Check<Reply> = (v, at) =>
  object<{ kind: Reply['kind'] }>({ kind: oneOf(['record', 'views']) })(v, at).kind === 'record'
    ? object<Extract<Reply, { kind: 'record' }>>({ kind: literal('record'), record: anything })(v, at)
    : object<Extract<Reply, { kind: 'views' }>>({
        kind: literal('views'),
        viewer: nullable(int),
        steps: array(serverStep),
      })(v, at);

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
  const data = await call(
    'POST',
    `/api/tables/${encodeURIComponent(tableId)}/replay`,
    replyOf,
    token ? { token } : {},
  );
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
