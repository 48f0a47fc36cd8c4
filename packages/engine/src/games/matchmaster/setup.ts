/**
 * MatchMaster's setup: options, the stacked first deck and the recorded chance outcomes, and the
 * first deal (rulings MM-1..MM-3).
 */
import type { GameEvent, OptionSpec, Result, SetupConfig } from '../../contract.ts';
import { err, ok } from '../../contract.ts';
import { KEYED_CHANCE_OPTION, checkSetupConfig, resolveOptions } from '../../options.ts';
import { Rng } from '../../rng.ts';
import { CARD_NAMES, DECK_SIZE, parseCard } from './cards.ts';
import { dealHand } from './play.ts';
import { STANDARD_HAND_SIZES } from './rules.ts';
import type { MatchMasterState } from './state.ts';
import { NO_CHANCE, PHASE_BID } from './state.ts';
import type { MatchMasterEvent } from './types.ts';

export const OPTIONS: readonly OptionSpec[] = [
  {
    name: 'handSizes',
    type: 'integer-list',
    default: STANDARD_HAND_SIZES.slice(),
    min: 1,
    max: 26,
    // Twice the standard game's 13 hands: a list past that is no game anyone plays.
    maxItems: 26,
    description: 'Cards per hand, one entry per hand (MM-2: 7,6,5,4,3,2,1,2,3,4,5,6,7).',
  },
  {
    name: 'firstDealer',
    type: 'integer',
    default: 0,
    min: 0,
    max: 6,
    description: 'The seat that deals the first hand; the seat after it leads (MM-3).',
  },
  // Each hand is a deal: keyed, hand k is dealt from `Rng.keyed(seed, k, 0)`.
  KEYED_CHANCE_OPTION,
];

/**
 * A new game, dealt. `config.deck` stacks the first hand (see `parseDeck`); `config.chance`
 * queues recorded deal orders, one per hand in order (the first hand's first), each in the same
 * deal-order notation (see `dealHand`). With `events`, the first deal is reported.
 */
export function setup(config: SetupConfig, events?: GameEvent<MatchMasterEvent>[]): Result<MatchMasterState> {
  const bad = checkSetupConfig(config);
  if (bad) return { ok: false, error: bad };
  const { players } = config;
  if (players < 2 || players > 7) {
    return err('invalid_players', 'MatchMaster is for 2 to 7 players (MM-1).');
  }
  const resolved = resolveOptions(OPTIONS, config.options);
  if (!resolved.ok) return resolved;
  const handSizes = resolved.value.handSizes as number[];
  const firstDealer = resolved.value.firstDealer as number;
  const maxSize = Math.floor(DECK_SIZE / players);
  if (handSizes.some((h) => h > maxSize)) {
    return err('invalid_option', `With ${players} players a hand has at most ${maxSize} cards.`);
  }
  if (firstDealer >= players)
    return err('invalid_option', `firstDealer must be a seat from 0 to ${players - 1}.`);
  let chance = NO_CHANCE;
  if (config.deck !== undefined) {
    const parsed = parseDeck(config.deck, players * handSizes[0]!);
    if (!parsed.ok) return parsed;
    chance = [parsed.value];
  } else if (config.chance !== undefined && config.chance.length > 0) {
    // A private copy: the queue is shared by every clone and must never change.
    chance = Object.freeze(config.chance.map((entry) => Object.freeze(entry.slice())));
  }
  const s: MatchMasterState = {
    players,
    handSizes,
    firstDealer,
    handIndex: 0,
    phase: PHASE_BID,
    dealer: firstDealer,
    hands: new Uint16Array(players * 4),
    undealt: new Uint16Array(4),
    bids: new Int8Array(players),
    bidCount: 0,
    tricks: new Int8Array(players),
    totals: new Int32Array(players),
    history: new Int16Array(handSizes.length * players * 3),
    plays: new Int8Array(DECK_SIZE),
    playSeats: new Int8Array(DECK_SIZE),
    playCount: 0,
    trickLen: 0,
    toPlay: 0,
    actions: 0,
    chance,
    chanceAt: 0,
    rng: Rng.fromSeed(config.seed),
    key: resolved.value.keyedChance === true ? config.seed : null,
  };
  dealHand(s, events);
  return ok(s);
}

/**
 * A stacked deck for the first hand: distinct cards, at least players x hand size of them. The
 * first hand-size cards go to the first leader (the seat after the dealer), the next block to
 * the seat after, and so on; unlisted cards are undealt. Later hands are shuffled. Unlike a
 * recorded chance outcome, a deck chosen by a person is checked strictly.
 */
function parseDeck(deck: readonly string[], needed: number): Result<readonly string[]> {
  const seen = new Set<number>();
  const out: string[] = [];
  for (const text of deck) {
    const c = parseCard(text);
    if (c < 0) return err('invalid_deck', `"${text}" is not a MatchMaster card (e.g. do13, lb1).`);
    if (seen.has(c)) return err('invalid_deck', `The deck lists ${CARD_NAMES[c]} twice.`);
    seen.add(c);
    out.push(CARD_NAMES[c]!);
  }
  if (out.length < needed)
    return err('invalid_deck', `The deck must list at least ${needed} cards for the first hand.`);
  return ok(Object.freeze(out));
}
