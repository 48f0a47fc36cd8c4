import type { EngineError, Json, OptionSpec, Result } from './contract.ts';
import { MAX_LIST_ITEMS, engineError, err, ok } from './contract.ts';

/**
 * The option every game shares for duplicate events: each deal's chance (the deal, and any
 * reshuffle during it) comes from `Rng.keyed(seed, deal, reshuffle)`, a function of the seed, the
 * deal's number and the reshuffle's count only, not of how play went. Off, a game draws every
 * shuffle from the one generator seeded at setup, as it always has (old records replay the same).
 */
export const KEYED_CHANCE_OPTION = {
  name: 'keyedChance',
  type: 'boolean',
  default: false,
  description:
    "Duplicate events: each deal's chance comes from the seed, the deal's number and the reshuffle's count, whatever happened before it.",
} as const satisfies OptionSpec;

/**
 * Validates caller-supplied options against a game's option specs and fills in defaults.
 * Unknown names and wrong types are errors (`unknown_option`, `invalid_option`).
 */
export function resolveOptions(
  specs: readonly OptionSpec[],
  given: Readonly<Record<string, Json>> | undefined,
): Result<Record<string, Json>> {
  const out: Record<string, Json> = {};
  const input = given ?? {};
  if (typeof input !== 'object' || input === null || Array.isArray(input)) {
    return err('invalid_option', 'Options must be an object of name/value pairs.');
  }
  for (const name of Object.keys(input)) {
    if (!specs.some((s) => s.name === name)) {
      const known = specs.map((s) => s.name).join(', ') || 'none';
      return err('unknown_option', `Unknown option "${name}" (known options: ${known}).`);
    }
  }
  for (const spec of specs) {
    const value = input[spec.name];
    if (value === undefined) {
      out[spec.name] = spec.default;
      continue;
    }
    const problem = checkOption(spec, value);
    if (problem) return err('invalid_option', `Option "${spec.name}": ${problem}`);
    out[spec.name] = value;
  }
  return ok(out);
}

function checkOption(spec: OptionSpec, value: Json): string | null {
  const inRange = (n: number): boolean =>
    (spec.min === undefined || n >= spec.min) && (spec.max === undefined || n <= spec.max);
  const range = `${spec.min ?? '-inf'}..${spec.max ?? 'inf'}`;
  switch (spec.type) {
    case 'integer':
      if (typeof value !== 'number' || !Number.isInteger(value)) return 'expected a whole number.';
      return inRange(value) ? null : `expected a whole number in ${range}, got ${value}.`;
    case 'boolean':
      return typeof value === 'boolean' ? null : 'expected true or false.';
    case 'choice':
      return typeof value === 'string' && (spec.choices ?? []).includes(value)
        ? null
        : `expected one of ${(spec.choices ?? []).join(', ')}.`;
    case 'integer-list':
      if (!Array.isArray(value) || value.length === 0) return 'expected a non-empty list of whole numbers.';
      if (value.length > (spec.maxItems ?? MAX_LIST_ITEMS))
        return `expected at most ${spec.maxItems ?? MAX_LIST_ITEMS} entries, got ${value.length}.`;
      for (const v of value) {
        if (typeof v !== 'number' || !Number.isInteger(v) || !inRange(v)) {
          return `every entry must be a whole number in ${range}.`;
        }
      }
      return null;
    case 'json':
      return null;
  }
}

/** Parses a command-line style option value ("true", "3", "7,6,5", JSON) for a spec. */
export function parseOptionText(spec: OptionSpec, text: string): Json {
  switch (spec.type) {
    case 'integer':
      return /^-?\d+$/.test(text) ? Number(text) : text;
    case 'boolean':
      return text === 'true' || text === 'on' || text === '1'
        ? true
        : text === 'false' || text === 'off' || text === '0'
          ? false
          : text;
    case 'integer-list':
      return text.split(',').map((t) => (/^-?\d+$/.test(t.trim()) ? Number(t.trim()) : t));
    case 'choice':
      return text;
    case 'json':
      try {
        return JSON.parse(text) as Json;
      } catch {
        return text;
      }
  }
}

/**
 * The checks every game's `setup` makes first, before its own: the config is an object, the seed
 * a string, the player count a whole number, and `deck` and `chance` lists of card lists not given
 * together. Returns the error, or null.
 */
export function checkSetupConfig(config: unknown): EngineError | null {
  if (typeof config !== 'object' || config === null || Array.isArray(config))
    return engineError('invalid_setup', 'A setup is an object like {"players": 4, "seed": "s"}.');
  const c = config as Record<string, unknown>;
  if (typeof c.seed !== 'string')
    return engineError(
      'invalid_seed',
      'A game needs a "seed" string (any text; the same seed deals the same game).',
    );
  if (typeof c.players !== 'number' || !Number.isInteger(c.players))
    return engineError('invalid_players', 'The number of players must be a whole number.');
  const cardList = (v: unknown) => Array.isArray(v) && v.every((x) => typeof x === 'string');
  if (c.deck !== undefined && !cardList(c.deck))
    return engineError('invalid_deck', "A deck must be a list of cards in the game's notation.");
  if (c.chance !== undefined && !(Array.isArray(c.chance) && c.chance.every(cardList)))
    return engineError('invalid_deck', 'Chance outcomes must be a list of card lists.');
  if (c.deck !== undefined && c.chance !== undefined)
    return engineError('invalid_deck', 'Give a stacked "deck" or recorded "chance" outcomes, not both.');
  return null;
}
