/**
 * MATCHET's options and setup: validation of the config, the first shuffle (or a stacked deck, or
 * recorded chance outcomes) and the first deal (MT-4, MT-9, MT-10).
 */
import type { OptionSpec, Result, SetupConfig } from '../../contract.ts';
import { err, ok } from '../../contract.ts';
import { KEYED_CHANCE_OPTION, checkSetupConfig, resolveOptions } from '../../options.ts';
import { Rng } from '../../rng.ts';
import type { Events } from './play.ts';
import { newState, shuffleOrder, startRound } from './play.ts';
import type { MatchetState, Mode } from './state.ts';
import { HAND_MAX, MODE_MULTI, MODE_NAMES } from './state.ts';
import type { TileSet } from './tiles.ts';
import { resolveTileSet } from './tiles.ts';

export const OPTIONS: readonly OptionSpec[] = [
  {
    name: 'mode',
    type: 'choice',
    default: 'multi',
    choices: ['multi', 'reserve', 'stacks'],
    description: 'multi: 2-7 players; reserve: Solitaire A (MT-9); stacks: Solitaire B (MT-10).',
  },
  {
    name: 'rounds',
    type: 'integer',
    default: 3,
    min: 1,
    max: 5,
    description: 'Rounds in a multiplayer game: 3, 4 or 5 (MT-8); 1 and 2 for short games and tests.',
  },
  {
    name: 'tiles',
    type: 'json',
    default: null,
    description:
      'A tile set as a list of 2-80 tiles, each its sides clockwise like "R6Y7B7" (MT-1); null = the standard 36.',
  },
  // Each round is a deal: keyed, round k is shuffled from `Rng.keyed(seed, k, 0)`.
  KEYED_CHANCE_OPTION,
];

/**
 * A new game. The shuffle always runs; a stacked deck or the first recorded chance outcome then
 * replaces its order (see `shuffleOrder`), so that a setup from a record and the setup it records
 * leave the generator in the same state. With `events`, the first deal is reported.
 */
export function setup(config: SetupConfig, events?: Events): Result<MatchetState> {
  const problem = checkSetupConfig(config);
  if (problem) return { ok: false, error: problem };
  const resolved = resolveOptions(OPTIONS, config.options);
  if (!resolved.ok) return resolved;
  const mode = MODE_NAMES.indexOf(resolved.value.mode as (typeof MODE_NAMES)[number]) as Mode;
  const rounds = resolved.value.rounds as number;
  const tilesR = resolveTileSet(resolved.value.tiles);
  if (!tilesR.ok) return tilesR;
  const tiles = tilesR.value;
  const { players } = config;
  if (mode === MODE_MULTI) {
    if (players < 2 || players > 7)
      return err(
        'invalid_players',
        'The multiplayer MATCHET is for 2 to 7 players; the solitaires (mode reserve or stacks) for 1.',
      );
    if (tiles.size < players * HAND_MAX)
      return err(
        'invalid_option',
        `${players} players need at least ${players * HAND_MAX} tiles; the set has ${tiles.size}.`,
      );
  } else if (players !== 1) {
    return err('invalid_players', `MATCHET solitaire (mode ${MODE_NAMES[mode]}) is for 1 player.`);
  }
  const s = newState(mode, players, mode === MODE_MULTI ? rounds : 1, tiles, Rng.fromSeed(config.seed));
  if (config.deck !== undefined) {
    const deck = parseDeck(tiles, config.deck);
    if (!deck.ok) return deck;
    s.chance = [deck.value];
  } else if (config.chance !== undefined && config.chance.length > 0) {
    s.chance = config.chance.map((entry) => entry.slice());
  }
  if (resolved.value.keyedChance === true) s.key = config.seed;
  shuffleOrder(s);
  startRound(s, events);
  return ok(s);
}

/**
 * A stacked deck lists every tile of the set once. Multiplayer: the first five go to seat 0 (the
 * first seat of round 1), the next five to seat 1, and so on; the rest is the pool, drawn in the
 * order listed (first round only). Reserve: the drawing order (the first is the starting tile).
 * Stacks: stack 1 first, each stack listed from its top down. Returns the tile names, normalised.
 */
function parseDeck(tiles: TileSet, deck: readonly string[]): Result<string[]> {
  const seen = new Set<number>();
  const out: string[] = [];
  for (const text of deck) {
    const t = tiles.byName.get(text.trim().toUpperCase()) ?? -1;
    if (t < 0)
      return err(
        'invalid_deck',
        `"${text}" is not a tile of this set (T01..${tiles.names[tiles.size - 1]}).`,
      );
    if (seen.has(t)) return err('invalid_deck', `The deck lists ${tiles.names[t]} twice.`);
    seen.add(t);
    out.push(tiles.names[t]!);
  }
  if (out.length !== tiles.size)
    return err('invalid_deck', `The deck must list all ${tiles.size} tiles once.`);
  return ok(out);
}
