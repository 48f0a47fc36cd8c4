/**
 * MatchMaster's events in words for the game log and the live region, in the current language.
 * `t` is bound to the `matchmaster` namespace; the viewer reads "you" for its own seat.
 */
import type { MatchMasterEvent } from '@matchbox/engine';
import type { DescribeEvent } from '../types.ts';
import { cardName, listInWords, seatName, seatOrYou } from './words.ts';

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

/** +13, -1, 0. */
export const signed = (n: number): string => (n > 0 ? `+${n}` : String(n));

/** A card to play in words ("dark orange 12"); a bid is worded by the hint panel itself. */
export function describeAction(text: string, t: Parameters<typeof cardName>[0]): string | null {
  const name = cardName(t, text);
  return name === text ? null : name;
}

/** A card's code in words, as every game's log module names it (see `LogModule`). */
export const describeCard = (card: string, t: Parameters<typeof cardName>[0]): string => cardName(t, card);
