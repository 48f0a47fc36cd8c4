/**
 * Command-line arguments, parsed strictly with node's `util.parseArgs`: every command declares its
 * flags, and anything else is refused with a usage line instead of being silently ignored: an
 * unknown flag (`--frobnicate`), a flag given twice, a flag without its value (`--seed` at the end,
 * `--seed --json`) or with an empty one (`--seed=`), a value for a switch (`--json=1`), a stray
 * positional. Game options are given as `--opt name=value` (repeatable, once per option) or as
 * `--<name> value`; the game is the first positional.
 */
import { parseArgs as nodeParseArgs } from 'node:util';
import type { AnyGame, Json, Result } from '@matchbox/engine';
import { GAMES, err, getGame, ok, parseOptionText } from '@matchbox/engine';

export interface CommandSpec {
  /** Flags that take a value (`--seed S`, `--seed=S`). */
  readonly values?: readonly string[];
  /** Switches (`--json`); `--help` and `-h` are always accepted. */
  readonly switches?: readonly string[];
  /** How many positionals the command takes at most (default 0). */
  readonly positionals?: number;
  /** The first positional names a game whose options may be given as flags and with `--opt`. */
  readonly gameOptions?: boolean;
}

export interface ParsedArgs {
  readonly positionals: readonly string[];
  /** Each value flag given, with its (non-empty) value. */
  readonly values: ReadonlyMap<string, string>;
  /** The switches given. */
  readonly switches: ReadonlySet<string>;
  /** The `--opt name=value` texts, in order. */
  readonly opts: readonly string[];
}

type NodeOptions = Record<string, { type: 'string' | 'boolean'; multiple?: boolean; short?: string }>;

const quoted = (message: string): string => /'([^']+)'/.exec(message)?.[1]?.split(' ')[0] ?? '';

/** node's parse errors, in our words (its own carry hints about `--` that confuse more than help). */
function explain(e: unknown): string {
  const code = (e as { code?: unknown }).code;
  const message = e instanceof Error ? e.message : String(e);
  const name = quoted(message);
  switch (code) {
    case 'ERR_PARSE_ARGS_UNKNOWN_OPTION':
      return `Unknown option ${name}.`;
    case 'ERR_PARSE_ARGS_INVALID_OPTION_VALUE':
      if (/does not take/.test(message)) return `${name} takes no value.`;
      if (/ambiguous/.test(message))
        return `${name} needs a value (for one that starts with "-", write ${name}=-...).`;
      return `${name} needs a value.`;
    case 'ERR_PARSE_ARGS_UNEXPECTED_POSITIONAL':
      return `Unexpected argument "${quoted(message) || message}".`;
    default:
      return message;
  }
}

function gameOptionNames(game: AnyGame | undefined): string[] {
  const games = game ? [game] : GAMES;
  return [...new Set(games.flatMap((g) => g.meta.options.map((o) => o.name)))];
}

function nodeOptions(spec: CommandSpec, extra: readonly string[]): NodeOptions {
  const options: NodeOptions = { help: { type: 'boolean', short: 'h' } };
  for (const name of spec.switches ?? []) options[name] = { type: 'boolean' };
  for (const name of [...(spec.values ?? []), ...extra]) options[name] ??= { type: 'string' };
  if (spec.gameOptions) options.opt = { type: 'string', multiple: true };
  return options;
}

/**
 * Parses `argv` for a command. Errors are `invalid_argument` with a message naming the problem;
 * the caller prints it with its usage line (see `usageError`).
 */
export function parseCommandLine(argv: readonly string[], spec: CommandSpec): Result<ParsedArgs> {
  let extra: string[] = [];
  if (spec.gameOptions) {
    // A first, lenient pass finds the game (its options may come before its name); the strict
    // pass then accepts that game's options only. An unknown game is the command's to report.
    const first = nodeParseArgs({
      args: [...argv],
      options: nodeOptions(spec, gameOptionNames(undefined)),
      strict: false,
      allowPositionals: true,
    });
    const id = first.positionals[0];
    extra = gameOptionNames(id === undefined ? undefined : getGame(id));
  }
  let parsed;
  try {
    parsed = nodeParseArgs({
      args: [...argv],
      options: nodeOptions(spec, extra),
      strict: true,
      allowPositionals: true,
      tokens: true,
    });
  } catch (e) {
    return err('invalid_argument', explain(e));
  }
  const max = spec.positionals ?? 0;
  if (parsed.positionals.length > max) {
    const stray = parsed.positionals[max]!;
    return err('invalid_argument', `Unexpected argument "${stray}".`);
  }
  const seen = new Set<string>();
  const values = new Map<string, string>();
  const switches = new Set<string>();
  const opts: string[] = [];
  const optNames = new Set<string>();
  for (const token of parsed.tokens) {
    if (token.kind !== 'option') continue;
    const { name, value } = token;
    if (name === 'opt') {
      const text = value ?? '';
      const eq = text.indexOf('=');
      if (eq <= 0) return err('invalid_argument', `--opt takes name=value, got "${text}".`);
      const option = text.slice(0, eq);
      if (optNames.has(option) || seen.has(option))
        return err('invalid_argument', `The option ${option} is given twice.`);
      optNames.add(option);
      opts.push(text);
      continue;
    }
    if (seen.has(name) || optNames.has(name)) return err('invalid_argument', `--${name} is given twice.`);
    seen.add(name);
    if (value === undefined) switches.add(name);
    else if (value.trim() === '') return err('invalid_argument', `--${name} needs a non-empty value.`);
    else values.set(name, value);
  }
  return ok({ positionals: parsed.positionals, values, switches, opts });
}

export const flag = (args: ParsedArgs, name: string): string | undefined => args.values.get(name);
export const hasFlag = (args: ParsedArgs, name: string): boolean => args.switches.has(name);

/**
 * A whole-number flag of at least `min` (default 1: counts of games, deals and players), or the
 * fallback when absent. "3x", "-1", "1.5" and numbers below `min` are refused.
 */
export function intFlag(args: ParsedArgs, name: string, fallback: number, min = 1): Result<number> {
  const v = flag(args, name);
  if (v === undefined) return ok(fallback);
  const n = /^\d+$/.test(v) ? Number(v) : NaN;
  if (!Number.isSafeInteger(n) || n < min) {
    return err(
      'invalid_argument',
      `--${name} needs a whole number${min > 0 ? ` of at least ${min}` : ''}, got "${v}".`,
    );
  }
  return ok(n);
}

/** A positive number flag (e.g. seconds), or the fallback when absent. */
export function positiveFlag(args: ParsedArgs, name: string, fallback: number): Result<number> {
  const v = flag(args, name);
  if (v === undefined) return ok(fallback);
  const n = /^\d*\.?\d+$/.test(v) ? Number(v) : NaN;
  if (!(n > 0) || !Number.isFinite(n))
    return err('invalid_argument', `--${name} needs a positive number, got "${v}".`);
  return ok(n);
}

/** Collects game options from `--opt k=v` and from `--<optionName> v` flags. */
export function gameOptions(game: AnyGame, args: ParsedArgs): Result<Record<string, Json>> {
  const out: Record<string, Json> = {};
  for (const kv of args.opts) {
    const eq = kv.indexOf('=');
    const name = kv.slice(0, eq);
    const spec = game.meta.options.find((o) => o.name === name);
    if (!spec) {
      return err(
        'unknown_option',
        `${game.meta.name} has no option "${name}" (options: ${game.meta.options.map((o) => o.name).join(', ') || 'none'}).`,
      );
    }
    out[name] = parseOptionText(spec, kv.slice(eq + 1));
  }
  for (const spec of game.meta.options) {
    const v = flag(args, spec.name);
    if (v !== undefined) out[spec.name] = parseOptionText(spec, v);
  }
  return ok(out);
}

/** Prints a refused command line with the command's usage; the exit code for it. */
export function usageError(message: string, usage: string): number {
  console.error(`${message}\n${usage}`);
  return 2;
}
