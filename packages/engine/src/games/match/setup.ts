/** A new MATCH! game: the options, the checks of a setup, a stacked deck and the first deal. */
import type { GameEvent, OptionSpec, Result, SetupConfig } from '../../contract.ts';
import { err, ok } from '../../contract.ts';
import { KEYED_CHANCE_OPTION, checkSetupConfig, resolveOptions } from '../../options.ts';
import { Rng } from '../../rng.ts';
import { CARD_NAMES, COPIES, parseCard } from './cards.ts';
import { dealRound } from './deal.ts';
import type { MatchState } from './state.ts';
import { newState } from './state.ts';
import type { MatchEvent } from './types.ts';

export const MIN_PLAYERS = 2;
export const MAX_PLAYERS = 8;
export const MAX_TARGET = 1000;

export const OPTIONS = [
  {
    name: 'target',
    type: 'integer',
    default: 50,
    min: 1,
    max: MAX_TARGET,
    description: 'The game ends after a round in which someone reaches this total (MA-11: 50).',
  },
  {
    name: 'firstPlayer',
    type: 'integer',
    default: 0,
    min: 0,
    max: MAX_PLAYERS - 1,
    description: 'The seat that starts the first round (MA-11).',
  },
  {
    name: 'rounds',
    type: 'integer',
    default: 0,
    min: 0,
    max: 100,
    description:
      'The game ends after this many rounds even if nobody reached the target (MA-X6, for duplicate events); 0: only at the target.',
  },
  // Each round is a deal (MA-X6): keyed, its deal and reshuffles come from the seed, the round and the count.
  KEYED_CHANCE_OPTION,
] as const satisfies readonly OptionSpec[];

/**
 * A new game, dealt (MA-3). A stacked `deck` and recorded `chance` outcomes are imposed on the
 * shuffles in turn (see deal.ts); the setup's events are the first round's deal.
 */
export function setup(config: SetupConfig, events?: GameEvent<MatchEvent>[]): Result<MatchState> {
  const invalid = checkSetupConfig(config);
  if (invalid) return { ok: false, error: invalid };
  const { players } = config;
  if (players < MIN_PLAYERS || players > MAX_PLAYERS) {
    return err('invalid_players', `MATCH! is for ${MIN_PLAYERS} to ${MAX_PLAYERS} players (MA-2).`);
  }
  const resolved = resolveOptions(OPTIONS, config.options);
  if (!resolved.ok) return resolved;
  const goal = resolved.value.target as number;
  const firstPlayer = resolved.value.firstPlayer as number;
  if (firstPlayer >= players)
    return err('invalid_option', `firstPlayer must be a seat from 0 to ${players - 1}.`);
  let stacked: string[] | null = null;
  if (config.deck !== undefined) {
    const parsed = parseDeck(config.deck);
    if (!parsed.ok) return parsed;
    stacked = parsed.value;
  }
  const s = newState(players, goal, firstPlayer, Rng.fromSeed(config.seed));
  s.rounds = resolved.value.rounds as number;
  if (resolved.value.keyedChance === true) s.key = config.seed;
  if (stacked) s.chance = [stacked];
  else if (config.chance !== undefined && config.chance.length > 0)
    s.chance = config.chance.map((order) => order.slice());
  dealRound(s, events);
  return ok(s);
}

/**
 * A stacked deck for the first round, in dealing order: the first 5 cards go to the starting
 * player, the next 5 to the seat after, and so on; the next card is turned up; the rest are the
 * deck from the top down. Cards not listed follow in the shuffled order. Copies may be listed up
 * to the number in the game (2 per number card, 4 wildcards). Later rounds are shuffled. The
 * result is in exact notation, ready to be imposed like a recorded chance outcome.
 */
function parseDeck(deck: readonly string[]): Result<string[]> {
  const left = COPIES.slice();
  const out: string[] = [];
  for (const text of deck) {
    const c = parseCard(text);
    if (c < 0) return err('invalid_deck', `"${text}" is not a MATCH! card (e.g. r3, p0, W).`);
    if (left[c]! === 0)
      return err('invalid_deck', `The deck lists ${CARD_NAMES[c]} more often than the game has it.`);
    left[c]!--;
    out.push(CARD_NAMES[c]!);
  }
  return ok(out);
}
