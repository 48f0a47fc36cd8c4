/**
 * MatchMaster in words, for the web's log, hints and replays and for the terminal: seats ("you"
 * for the viewer), cards ("dark orange 13" / "Dunkelorange 13") and one sentence per event, in
 * the language of `t` (the words are in ./matchmaster-messages.ts).
 */
import type { MatchMasterEvent } from '@matchbox/engine';
import { signed } from './numbers.ts';
import type { DescribeEvent, Say } from './say.ts';

export const SUITS = ['do', 'lo', 'db', 'lb'] as const;
export type Suit = (typeof SUITS)[number];

export interface CardFace {
  readonly suit: Suit;
  readonly rank: number;
}

const CARD_TEXT = /^(do|lo|db|lb)(\d{1,2})$/;

/** `do13` as suit and rank; null for anything that is not card notation. */
export function parseCard(text: string): CardFace | null {
  const m = CARD_TEXT.exec(text);
  return m ? { suit: m[1] as Suit, rank: Number(m[2]) } : null;
}

/**
 * The seat's display name, or "Seat 3" when it has none. Names that several seats share (three
 * "Bot (easy)") get the seat's number: "Bot (easy) 3".
 */
export function seatName(t: Say, seatNames: readonly string[], seat: number): string {
  const name = seatNames[seat]?.trim();
  if (!name) return t('seatN', { n: seat + 1 });
  return sharesName(seatNames, seat) ? t('seatNamed', { name, n: seat + 1 }) : name;
}

/** Whether another seat has the same display name. */
export function sharesName(seatNames: readonly string[], seat: number): boolean {
  const name = seatNames[seat]?.trim();
  return !!name && seatNames.filter((other) => other.trim() === name).length > 1;
}

/** The seat's name, or "you" (lower case, for the middle of a sentence) for the viewer. */
export function seatOrYou(t: Say, seatNames: readonly string[], seat: number, viewer: number | null): string {
  return seat === viewer ? t('you') : seatName(t, seatNames, seat);
}

/** "dark orange 13" in the current language; the notation itself if it is no card. */
export function cardName(t: Say, card: string): string {
  const face = parseCard(card);
  return face ? t('cardName', { suit: t(`suit.${face.suit}`), rank: face.rank }) : card;
}

/** Items joined as "a, b and c" / "a, b und c". */
export function listInWords(t: Say, items: readonly string[]): string {
  if (items.length === 0) return t('nobody');
  if (items.length === 1) return items[0]!;
  return t('listAnd', { head: items.slice(0, -1).join(', '), last: items[items.length - 1] });
}

export const describeEvent: DescribeEvent<MatchMasterEvent> = (event, t, seatNames, viewerSeat) => {
  const who = (seat: number): string => seatOrYou(t, seatNames, seat, viewerSeat);
  const perSeat = (values: readonly number[]): string =>
    values.map((v, seat) => t('log.seatValue', { name: who(seat), value: v })).join(', ');
  switch (event.type) {
    case 'hand_dealt': {
      const dealt = t('log.handDealt', {
        hand: event.hand,
        count: event.handSize,
        dealer: who(event.dealer),
        leader: who(event.leader),
      });
      return event.cards && event.cards.length > 0
        ? `${dealt} ${t('log.yourCards', { cards: event.cards.map((c) => cardName(t, c)).join(', ') })}`
        : dealt;
    }
    case 'bid_made':
      if (event.seat === viewerSeat)
        return event.bid === undefined ? t('log.youHaveBid') : t('log.youBid', { count: event.bid });
      return event.bid === undefined
        ? t('log.hasBid', { name: seatName(t, seatNames, event.seat) })
        : t('log.bid', { name: seatName(t, seatNames, event.seat), count: event.bid });
    case 'bids_revealed':
      return t('log.bidsRevealed', { bids: perSeat(event.bids), leader: who(event.leader) });
    case 'card_played':
      return event.seat === viewerSeat
        ? t('log.youPlay', { card: cardName(t, event.card) })
        : t('log.plays', { name: seatName(t, seatNames, event.seat), card: cardName(t, event.card) });
    case 'trick_won':
      return event.seat === viewerSeat
        ? t('log.youWinTrick', { trick: event.trick })
        : t('log.winsTrick', { name: seatName(t, seatNames, event.seat), trick: event.trick });
    case 'hand_scored':
      return t('log.handScored', {
        hand: event.hand,
        points: event.points
          .map((p, seat) => t('log.seatValue', { name: who(seat), value: signed(p) }))
          .join(', '),
        totals: perSeat(event.totals),
      });
    case 'game_over':
      return t('log.gameOver', {
        count: event.winners.length,
        winners: listInWords(t, event.winners.map(who)),
        totals: perSeat(event.totals),
      });
  }
};

/** A card to play in words ("dark orange 12"); a bid is worded by the hint panel itself. */
export function describeAction(text: string, t: Parameters<typeof cardName>[0]): string | null {
  const name = cardName(t, text);
  return name === text ? null : name;
}

/** A card's code in words, as every game's log module names it (see `LogModule`). */
export const describeCard = (card: string, t: Parameters<typeof cardName>[0]): string => cardName(t, card);
