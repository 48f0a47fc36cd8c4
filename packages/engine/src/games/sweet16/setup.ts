/**
 * Sweet16's options and setup: the shuffled (or stacked) grid of S16-1 and S16-10, and the chance
 * outcome that records it.
 *
 * A grid's shuffle is the game's only chance outcome. It is recorded, in the stacked-deck format
 * of `SetupConfig.deck`, as the `chance` of its `grid_laid` event: every card in play, dealt row
 * by row (the duel's last 3 are out of play). Replayed through `SetupConfig.chance`, the generator
 * still shuffles as it would have, then the recorded order replaces what it drew. A game of one
 * grid has nothing random after its setup, so further entries are ignored; a game of several
 * grids (S16-X11, grids.ts) keeps the entries after the first for the grids to come.
 */
import type { GameEvent, Result, SetupConfig } from '../../contract.ts';
import { err, ok } from '../../contract.ts';
import { KEYED_CHANCE_OPTION, checkSetupConfig, resolveOptions } from '../../options.ts';
import { Rng } from '../../rng.ts';
import { CARD_COUNT, CARD_NAMES, parseCard } from './cards.ts';
import { MAX_GRIDS, cardsInPlay, drawOrder, imposeOrder, layGrid } from './grids.ts';
import { startTurn } from './play.ts';
import type { Mode, Sweet16State } from './state.ts';
import { MODE_BASE, MODE_DUEL, newState } from './state.ts';
import type { Sweet16Event } from './types.ts';

export const OPTIONS = [
  {
    name: 'mode',
    type: 'choice',
    default: 'base',
    choices: ['base', 'duel'],
    description:
      'base: the 2-5 player memory game on a face-down 9 x 6 grid (S16-1..S16-9). duel: the EXPERIMENTAL 2-player variant (S16-10): a face-up 7 x 7 grid, rows against columns; the designer calls it untested.',
  },
  {
    name: 'memoryAid',
    type: 'boolean',
    default: false,
    description:
      "Memory aid (S16-9): each player's view also shows the face-down cards that player has seen. Off by default: Sweet16 is a memory game.",
  },
  {
    name: 'turnLimit',
    type: 'integer',
    default: 1000,
    min: 1,
    max: 100000,
    description:
      'A safety net, not a rule of the game (matchbox ruling S16-X3): the game ends after this many turns at the latest. Players with a memory finish far sooner; about 1-2% of purely random games pass 1000 turns.',
  },
  {
    name: 'grids',
    type: 'integer',
    default: 1,
    min: 1,
    max: MAX_GRIDS,
    description:
      'Grids to play, one after another (matchbox ruling S16-X11): when a grid ends, its scores are kept and all the cards are laid again; the scores add up. Base game only.',
  },
  // Each grid is a deal: keyed, grid k is laid from `Rng.keyed(seed, k - 1, 0)`.
  KEYED_CHANCE_OPTION,
] as const;

export function setup(config: SetupConfig, events?: GameEvent<Sweet16Event>[]): Result<Sweet16State> {
  const invalid = checkSetupConfig(config);
  if (invalid) return { ok: false, error: invalid };
  const resolved = resolveOptions(OPTIONS, config.options);
  if (!resolved.ok) return resolved;
  const mode: Mode = resolved.value.mode === 'duel' ? MODE_DUEL : MODE_BASE;
  const { players } = config;
  if (players < 2 || players > 5) return err('invalid_players', 'Sweet16 is for 2 to 5 players (S16-1).');
  if (mode === MODE_DUEL && players !== 2)
    return err(
      'invalid_players',
      'The duel variant is for exactly 2 players (S16-10; matchbox ruling S16-X1).',
    );
  const grids = resolved.value.grids as number;
  if (mode === MODE_DUEL && grids > 1)
    return err('invalid_option', 'Option "grids": the duel is one grid (S16-10; matchbox ruling S16-X11).');
  const keyed = resolved.value.keyedChance === true;
  const s = newState(
    mode,
    players,
    resolved.value.memoryAid === true,
    resolved.value.turnLimit as number,
    keyed ? Rng.keyed(config.seed, 0, 0) : Rng.fromSeed(config.seed),
    grids,
  );
  // Only a game of several grids needs the key and the recorded outcomes after its first grid.
  if (keyed && grids > 1) s.key = config.seed;
  if (grids > 1 && config.chance !== undefined && config.chance.length > 1)
    s.chance = config.chance.slice(1).map((order) => order.slice());
  let order = drawOrder(s);
  if (config.deck !== undefined) {
    const parsed = parseDeck(config.deck, cardsInPlay(s));
    if (!parsed.ok) return parsed;
    order = parsed.value;
  } else if (config.chance?.[0] !== undefined) order = imposeOrder(config.chance[0], order, cardsInPlay(s));
  layGrid(s, order, events);
  if (events) events.push({ all: { type: 'turn', seat: 0, turn: 1 } });
  if (mode === MODE_BASE) startTurn(s);
  return ok(s);
}

/**
 * A stacked deck: distinct cards in our notation, dealt to the grid in row-major order (A1, B1, ...
 * then row 2 ...). Unlisted cards follow in the standard order (clubs, diamonds, hearts, spades, A
 * to K, then X1, X2). The duel uses 52 cards (no Jokers): the first 49 go to the grid, the last 3
 * are out of play.
 */
function parseDeck(deck: readonly string[], inPlay: number): Result<number[]> {
  const used = new Uint8Array(CARD_COUNT);
  const out: number[] = [];
  for (const text of deck) {
    const c = typeof text === 'string' ? parseCard(text) : -1;
    if (c < 0 || c >= inPlay)
      return err(
        'invalid_deck',
        `"${String(text)}" is not a card of this game (e.g. AH, 10D, QS${inPlay > 52 ? ', X1' : ''}).`,
      );
    if (used[c]) return err('invalid_deck', `The deck lists ${CARD_NAMES[c]} twice.`);
    used[c] = 1;
    out.push(c);
  }
  for (let c = 0; c < inPlay; c++) if (!used[c]) out.push(c);
  return ok(out);
}
