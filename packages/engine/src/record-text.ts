/**
 * A game record as a small text file, for people: header lines (`key: value`) for the game, its
 * options, the players and the seed or stacked deck, the chance outcomes the record needs, then
 * one move per line (`seat: action` in the game's notation). `makeRecordText` and
 * `parseRecordText` are a pair: parsing what was made gives the same record back. The format is
 * described with an example per game in docs/records.md.
 */
import type { EngineError, Json, Result } from './contract.ts';
import { ok } from './contract.ts';
import type { GameRecord, RecordedMove } from './session.ts';
import { parseRecord } from './session.ts';

/** The first line of every record file; the number is this text format's version. */
export const RECORD_TEXT_MAGIC = 'matchbox-record: 1';

/** A record read from text, with the players' names when the file has them. */
export interface RecordText {
  readonly record: GameRecord;
  /** Display names per seat (a seat without a `name` line is an empty string); absent if none. */
  readonly names?: readonly string[];
}

/** A text that is not a record: `line` is 1-based. */
export type RecordTextError = EngineError & { readonly line?: number };

// A value is written as it is when reading it back cannot mistake it: not empty, no line break,
// no space at either end, and not starting with a quote or a bracket (those mean JSON).
const plain = (s: string): boolean => /^[^\s"[][^\r\n]*$/.test(s) && !/\s$/.test(s);
const text = (s: string): string => (plain(s) ? s : JSON.stringify(s));
// A token list is space-separated unless a token would not survive that.
const tokens = (list: readonly string[]): string =>
  list.every((c) => /^[^\s"[]\S*$/.test(c)) ? list.join(' ') : JSON.stringify(list);

/**
 * The record as text. `names` (one per seat) are written as `name` lines. Actions are written as
 * recorded, so they must be the game's own notation (as `GameSession` records them).
 */
export function makeRecordText(record: GameRecord, names?: readonly string[]): string {
  const lines = [RECORD_TEXT_MAGIC, `game: ${text(record.game)}`, `players: ${record.players}`];
  for (const [name, value] of Object.entries(record.options ?? {}))
    lines.push(`option ${name}: ${JSON.stringify(value)}`);
  names?.forEach((name, seat) => {
    if (name !== '') lines.push(`name ${seat}: ${text(name)}`);
  });
  lines.push(`seed: ${text(record.seed)}`);
  if (record.deck !== undefined) lines.push(`deck: ${tokens(record.deck)}`);
  if (record.from !== undefined) lines.push(`from: ${JSON.stringify(record.from)}`);
  for (const c of record.chance ?? []) lines.push(`chance: ${tokens(c)}`);
  lines.push('');
  for (const m of record.moves) {
    lines.push(`${m.seat}: ${m.action}`);
    for (const c of m.chance ?? []) lines.push(`chance: ${tokens(c)}`);
  }
  return lines.join('\n') + '\n';
}

const fail = (line: number, message: string): { ok: false; error: RecordTextError } => ({
  ok: false,
  error: { code: 'malformed_record_text', message: `Line ${line}: ${message}`, line },
});

function readJson(value: string): Result<unknown, string> {
  try {
    return ok(JSON.parse(value) as unknown);
  } catch {
    return { ok: false, error: 'this is not valid JSON.' };
  }
}

function readText(value: string): Result<string, string> {
  if (!value.startsWith('"')) return ok(value);
  const parsed = readJson(value);
  if (!parsed.ok) return parsed;
  return typeof parsed.value === 'string'
    ? ok(parsed.value)
    : { ok: false, error: 'a quoted text is expected.' };
}

function readTokens(value: string): Result<string[], string> {
  if (!value.startsWith('[')) return ok(value === '' ? [] : value.split(/\s+/));
  const parsed = readJson(value);
  if (!parsed.ok) return parsed;
  const list = parsed.value;
  return Array.isArray(list) && list.every((c) => typeof c === 'string')
    ? ok(list)
    : { ok: false, error: 'a list of card names is expected.' };
}

const MAX_SEATS = 64;

/**
 * Reads a record file. Blank lines and lines starting with `#` are skipped; a header line may not
 * follow the first move (only `chance` lines, which belong to the move above them). Anything it
 * cannot read is `malformed_record_text` with the line; a record of a bad shape is
 * `malformed_record` (see `parseRecord`). It never throws, whatever the input.
 */
export function parseRecordText(input: string): Result<RecordText, RecordTextError> {
  if (typeof input !== 'string') return fail(1, 'a record file is text.');
  const lines = input.split(/\r?\n/);
  let first = 0;
  while (first < lines.length && isSkipped(lines[first]!)) first++;
  if (lines[first]?.trim() !== RECORD_TEXT_MAGIC)
    return fail(first + 1, `a matchbox record file starts with "${RECORD_TEXT_MAGIC}".`);

  const header = new Map<string, string>();
  const options: Record<string, Json> = {};
  const names: string[] = [];
  const setupChance: string[][] = [];
  const moves: { seat: number; action: string; chance: string[][] }[] = [];

  for (let i = first + 1; i < lines.length; i++) {
    const raw = lines[i]!;
    if (isSkipped(raw)) continue;
    const n = i + 1;
    const colon = raw.indexOf(':');
    if (colon < 0) return fail(n, 'a line is "key: value" or "seat: action".');
    const key = raw.slice(0, colon).trim();
    const value = raw.slice(colon + 1).trim();

    if (/^\d+$/.test(key)) {
      const seat = Number(key);
      if (seat >= MAX_SEATS) return fail(n, `there is no seat ${key}.`);
      if (value === '') return fail(n, 'a move needs an action.');
      moves.push({ seat, action: value, chance: [] });
      continue;
    }
    if (key === 'chance') {
      const list = readTokens(value);
      if (!list.ok) return fail(n, `chance: ${list.error}`);
      (moves.length > 0 ? moves[moves.length - 1]!.chance : setupChance).push(list.value);
      continue;
    }
    if (moves.length > 0) return fail(n, `"${key}" belongs in the header, before the first move.`);
    let m: RegExpExecArray | null;
    if ((m = /^option\s+(\S+)$/.exec(key))) {
      const name = m[1]!;
      if (Object.hasOwn(options, name)) return fail(n, `option "${name}" is given twice.`);
      const parsed = readJson(value);
      if (!parsed.ok) return fail(n, `option "${name}": ${parsed.error}`);
      options[name] = parsed.value as Json;
    } else if ((m = /^name\s+(\d+)$/.exec(key))) {
      const seat = Number(m[1]);
      if (seat >= MAX_SEATS) return fail(n, `there is no seat ${m[1]}.`);
      if (names[seat] !== undefined) return fail(n, `seat ${seat} is named twice.`);
      const name = readText(value);
      if (!name.ok) return fail(n, `name: ${name.error}`);
      names[seat] = name.value;
    } else if (['game', 'players', 'seed', 'deck', 'from'].includes(key)) {
      if (header.has(key)) return fail(n, `"${key}" is given twice.`);
      header.set(key, value);
    } else {
      return fail(n, `"${key}" is not a header this format knows.`);
    }
  }

  const game = readText(header.get('game') ?? '');
  if (!game.ok || game.value === '') return fail(first + 1, 'the header needs a "game" line.');
  const playersText = header.get('players') ?? '';
  if (!/^\d{1,2}$/.test(playersText))
    return fail(first + 1, 'the header needs a "players" line with a number.');
  const players = Number(playersText);
  const seed = readText(header.get('seed') ?? '');
  if (!seed.ok || !header.has('seed')) return fail(first + 1, 'the header needs a "seed" line.');

  let deck: string[] | undefined;
  if (header.has('deck')) {
    const list = readTokens(header.get('deck')!);
    if (!list.ok) return fail(first + 1, `deck: ${list.error}`);
    deck = list.value;
  }
  let from: unknown;
  if (header.has('from')) {
    const parsed = readJson(header.get('from')!);
    if (!parsed.ok) return fail(first + 1, `from: ${parsed.error}`);
    from = parsed.value;
  }
  if (names.length > players)
    return fail(first + 1, `a name is given for a seat beyond the ${players} players.`);

  const record = parseRecord({
    format: 2,
    game: game.value,
    players,
    seed: seed.value,
    ...(Object.keys(options).length > 0 ? { options } : {}),
    ...(deck !== undefined ? { deck } : {}),
    ...(setupChance.length > 0 ? { chance: setupChance } : {}),
    ...(from !== undefined ? { from } : {}),
    moves: moves.map((m): RecordedMove => ({
      seat: m.seat,
      action: m.action,
      ...(m.chance.length > 0 ? { chance: m.chance } : {}),
    })),
  });
  if (!record.ok) return record;
  const named = names.length > 0 ? Array.from({ length: players }, (_, k) => names[k] ?? '') : undefined;
  return ok({ record: record.value, ...(named ? { names: named } : {}) });
}

const isSkipped = (line: string): boolean => {
  const s = line.trim();
  return s === '' || s.startsWith('#');
};
