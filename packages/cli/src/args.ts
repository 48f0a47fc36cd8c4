/**
 * A small argument parser: positionals, `--flag`, `--name value` and `--name=value`.
 * Game options can be given as `--opt name=value` (repeatable) or directly as `--<name> value`.
 */
import type { AnyGame, Json, Result } from '@matchbox/engine';
import { err, ok, parseOptionText } from '@matchbox/engine';

export interface ParsedArgs {
  readonly positionals: string[];
  readonly flags: Map<string, string[]>;
}

const BOOLEAN_FLAGS = new Set(['json', 'help', 'quiet', 'no-progress', 'watch']);

export function parseArgs(argv: readonly string[]): ParsedArgs {
  const positionals: string[] = [];
  const flags = new Map<string, string[]>();
  const add = (k: string, v: string) => flags.set(k, [...(flags.get(k) ?? []), v]);
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i]!;
    if (a === '-h') {
      add('help', 'true');
    } else if (a.startsWith('--')) {
      const eq = a.indexOf('=');
      if (eq > 0) add(a.slice(2, eq), a.slice(eq + 1));
      else if (BOOLEAN_FLAGS.has(a.slice(2)) || i + 1 >= argv.length || argv[i + 1]!.startsWith('--'))
        add(a.slice(2), 'true');
      else add(a.slice(2), argv[++i]!);
    } else {
      positionals.push(a);
    }
  }
  return { positionals, flags };
}

export const flag = (args: ParsedArgs, name: string): string | undefined => args.flags.get(name)?.at(-1);
export const hasFlag = (args: ParsedArgs, name: string): boolean =>
  args.flags.has(name) && flag(args, name) !== 'false';

export function intFlag(args: ParsedArgs, name: string, fallback: number): Result<number> {
  const v = flag(args, name);
  if (v === undefined) return ok(fallback);
  if (!/^\d+$/.test(v)) return err('invalid_argument', `--${name} needs a whole number, got "${v}".`);
  return ok(Number(v));
}

/** Collects game options from `--opt k=v` and from `--<optionName> v` flags. */
export function gameOptions(game: AnyGame, args: ParsedArgs): Result<Record<string, Json>> {
  const out: Record<string, Json> = {};
  for (const kv of args.flags.get('opt') ?? []) {
    const eq = kv.indexOf('=');
    if (eq <= 0) return err('invalid_argument', `--opt takes name=value, got "${kv}".`);
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
