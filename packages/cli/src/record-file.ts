/**
 * A record file named on the command line (docs/records.md), as `replay` and `analyse` read it:
 * the file's text parsed, its game found, and the `--seat` asked for checked against its players.
 */
import { readFileSync } from 'node:fs';
import type { AnyGame, RecordText, Result } from '@matchbox/engine';
import { err, getGame, ok, parseRecordText } from '@matchbox/engine';
import type { ParsedArgs } from './args.ts';
import { flag } from './args.ts';

/** The record at `path` with its game; null when it cannot be read, parsed or played (said on stderr). */
export function readRecordFile(path: string): (RecordText & { readonly game: AnyGame }) | null {
  let text: string;
  try {
    text = readFileSync(path, 'utf8');
  } catch (e) {
    console.error(`Cannot read ${path}: ${e instanceof Error ? e.message : String(e)}`);
    return null;
  }
  const read = parseRecordTextOrSay(path, text);
  if (!read) return null;
  const game = getGame(read.record.game);
  if (!game) {
    console.error(`${path}: there is no game "${read.record.game}".`);
    return null;
  }
  return { ...read, game };
}

function parseRecordTextOrSay(path: string, text: string): RecordText | null {
  const read = parseRecordText(text);
  if (read.ok) return read.value;
  console.error(`${path}: ${read.error.message} (${read.error.code})`);
  return null;
}

/** `--seat S`: one of the record's `players` seats, or null when not given. */
export function seatFlag(args: ParsedArgs, players: number): Result<number | null> {
  const text = flag(args, 'seat');
  const seat = text === undefined ? null : Number(text);
  if (seat !== null && !(Number.isInteger(seat) && seat >= 0 && seat < players))
    return err('invalid_argument', `--seat is a seat from 0 to ${players - 1}.`);
  return ok(seat);
}
