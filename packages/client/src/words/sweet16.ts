/**
 * Sweet16's events in words, in the current language: one sentence per `Sweet16Event` for the
 * shell's game log and live region. `t` is bound to the `sweet16` namespace. The viewer's own
 * actions read "You ...", everybody else's by their seat name. A look's card appears only in the
 * looker's own body of the event, so only the looker's sentence names it.
 */
import type { Sweet16Event } from '@matchbox/engine';
import type { DescribeEvent, Say } from './say.ts';

export const SUITS = ['C', 'D', 'H', 'S'] as const;
export type Suit = (typeof SUITS)[number];

export interface CardFace {
  /** `A`, `2`..`10`, `J`, `Q`, `K`; `X` for a Joker. */
  readonly rank: string;
  /** null for a Joker. */
  readonly suit: Suit | null;
}

const CARD = /^(A|[2-9]|10|J|Q|K)([CDHS])$/;

/** The face of a card in notation (`7H`, `10D`, `QS`, Jokers `X1`, `X2`), or null. */
export function parseCard(card: string | null | undefined): CardFace | null {
  if (!card) return null;
  if (/^X[12]$/.test(card)) return { rank: 'X', suit: null };
  const m = CARD.exec(card);
  return m ? { rank: m[1]!, suit: m[2] as Suit } : null;
}

/** "7 of hearts", "Queen of spades", "Joker" (German "Herz 7", "Pik Dame", "Joker"). */
export function cardName(card: string, t: Say): string {
  const face = parseCard(card);
  if (!face) return card;
  if (face.suit === null) return t('card.joker');
  const rank = /^[AJQK]$/.test(face.rank) ? t(`card.rank.${face.rank}`) : face.rank;
  return t('card.name', { rank, suit: t(`card.suit.${face.suit}`) });
}

export const seatName = (seat: number, t: Say, seatNames: readonly string[]): string =>
  seatNames[seat] || t('seat', { number: seat + 1 });

const list = (items: readonly string[], t: Say): string => items.join(t('log.listSep'));

export const describeEvent: DescribeEvent<Sweet16Event> = (e, t, seatNames, viewerSeat) => {
  const cards = (cs: readonly string[]) =>
    list(
      cs.map((c) => cardName(c, t)),
      t,
    );
  const cells = (cs: readonly string[]) => list(cs, t);
  /** `log.<key>.you` when the viewer is `seat`, else `log.<key>.other` with the seat's name. */
  const who = (key: string, seat: number, params: Record<string, unknown> = {}): string =>
    seat === viewerSeat
      ? t(`log.${key}.you`, params)
      : t(`log.${key}.other`, { ...params, name: seatName(seat, t, seatNames) });
  switch (e.type) {
    case 'grid_laid':
      if (e.mode === 'duel')
        return t('log.grid_laid.duel', { cols: e.cols, rows: e.rows, count: e.outOfPlay });
      return e.number === undefined
        ? t('log.grid_laid.base', { cols: e.cols, rows: e.rows })
        : t('log.grid_laid.numbered', { cols: e.cols, rows: e.rows, number: e.number, of: e.of });
    case 'grid_over':
      return t('log.grid_over', {
        grid: e.grid,
        scores: list(
          e.totals.map((score, seat) => t('log.scoreOf', { name: seatName(seat, t, seatNames), score })),
          t,
        ),
      });
    case 'turn':
      return who('turn', e.seat, { turn: e.turn });
    case 'score_clique':
      return who('score_clique', e.seat, { cells: cells(e.cells) });
    case 'flip':
      return who('flip', e.seat, { pos: e.pos, card: cardName(e.card, t) });
    case 'joker':
      return who('joker', e.seat, { pos: e.pos, value: e.value });
    case 'lose_face':
      if (e.cells.length === 0) return who('nothing_to_flip', e.seat);
      return e.total > 16
        ? who('lose_face', e.seat, { total: e.total, cells: cells(e.cells) })
        : who('lose_face_stuck', e.seat, { total: e.total, cells: cells(e.cells) });
    case 'tryst':
      return who('tryst', e.seat, { cards: cards(e.cards), cells: cells(e.cells) });
    case 'clique':
      return who('clique', e.seat, { total: e.total, cells: cells(e.cells) });
    case 'put_back':
      return who('put_back', e.seat, { pos: e.pos, card: cardName(e.card, t) });
    case 'activate':
      return who('activate', e.seat, { pos: e.pos, card: cardName(e.card, t) });
    case 'no_activation':
      return who('no_activation', e.seat);
    case 'no_steal':
      return who('no_steal', e.seat);
    case 'steal':
      return e.from === viewerSeat
        ? t('log.steal.fromYou', { name: seatName(e.seat, t, seatNames), card: cardName(e.card, t) })
        : who('steal', e.seat, { card: cardName(e.card, t), from: seatName(e.from, t, seatNames) });
    case 'look': {
      const power = t(`log.power.${e.power}`);
      return e.card !== undefined && e.seat === viewerSeat
        ? t('log.look.youSaw', { pos: e.pos, power, card: cardName(e.card, t) })
        : who('look', e.seat, { pos: e.pos, power });
    }
    case 'heart_found':
      return who('heart_found', e.seat, { pos: e.pos, card: cardName(e.card, t) });
    case 'banked':
      return who('banked', e.seat, { count: e.cards.length, cards: cards(e.cards) });
    case 'clique_dissolved':
      return who('clique_dissolved', e.seat, { cells: cells(e.cells) });
    case 'pass':
      return who('pass', e.seat);
    case 'take':
      return who('take', e.seat, { pos: e.pos, card: cardName(e.card, t) });
    case 'bury':
      return who('bury', e.seat, { pos: e.pos, card: cardName(e.card, t) });
    case 'game_over': {
      const scores = list(
        e.scores.map((score, seat) => t('log.scoreOf', { name: seatName(seat, t, seatNames), score })),
        t,
      );
      const winner = e.winners[0];
      if (winner === undefined) return t('log.game_over.none', { scores });
      return winner === viewerSeat
        ? t('log.game_over.you', { scores })
        : t('log.game_over.other', { scores, name: seatName(winner, t, seatNames) });
    }
  }
};

/** A button's choice in words (stop, skip, pass, a Joker's value); a grid move keeps its notation. */
export function describeAction(text: string, t: Say): string | null {
  const [verb, arg] = text.split(' ');
  if (verb === 'stop') return t('action.stopNot');
  if (verb === 'skip') return t('action.skip');
  if (verb === 'pass') return t('action.pass');
  if (verb === 'joker' && arg !== undefined) return t('action.joker', { value: arg });
  // A choice of a grid position (the grid shows its columns' letters and rows' numbers) or a card.
  if (
    (verb === 'flip' ||
      verb === 'back' ||
      verb === 'activate' ||
      verb === 'look' ||
      verb === 'take' ||
      verb === 'bury') &&
    arg
  )
    return t(`choice.${verb}`, { pos: arg });
  if (verb === 'steal' && arg) return t('choice.steal', { card: cardName(arg, t) });
  if (verb === 'tryst') return t('choice.tryst', { cells: list(text.split(' ').slice(1), t) });
  return null;
}

/** A card's code in words, as every game's log module names it (see `LogModule`). */
export const describeCard = cardName;
