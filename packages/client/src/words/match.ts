/**
 * MATCH! events in words, one sentence each, in the current language (the `match` namespace).
 * The viewer's own seat is "you"; other seats go by their display names.
 */
import type { MatchEvent } from '@matchbox/engine';
import { signed } from './numbers.ts';
import type { DescribeEvent, Say } from './say.ts';

/** The colours in the order the engine sorts them (r, y, g, b, p). */
export const COLOURS = ['r', 'y', 'g', 'b', 'p'] as const;
export type Colour = (typeof COLOURS)[number];
export const WILDCARD = 'W';

export const isColour = (c: unknown): c is Colour =>
  typeof c === 'string' && (COLOURS as readonly string[]).includes(c);

/** A number card's colour and value, or null for a wildcard or an unknown token. */
export function parseCard(card: string): { colour: Colour; value: number } | null {
  const colour = card.charAt(0);
  const value = Number(card.slice(1));
  if (!isColour(colour) || card.length !== 2 || !Number.isInteger(value)) return null;
  return { colour, value };
}

const NS = { ns: 'match' } as const;

/** "red 3", "wildcard" (in the current language). */
export function cardName(card: string, t: Say): string {
  const parsed = parseCard(card);
  if (!parsed) return t('card.wild', NS);
  return t('card.number', { ...NS, colour: t(`colour.${parsed.colour}`, NS), value: parsed.value });
}

/** A declaration (`{colour, value}`) in words. */
export const declarationName = (d: { colour: string; value: number }, t: Say): string =>
  cardName(`${d.colour}${d.value}`, t);

export function seatName(seat: number, seatNames: readonly string[]): string {
  return seatNames[seat] ?? `#${seat + 1}`;
}

/** Several items joined the language's way ("A, B and C"). */
export function joinList(items: readonly string[], t: Say): string {
  try {
    return new Intl.ListFormat(t('meta.locale', NS), { type: 'conjunction' }).format(items);
  } catch {
    return items.join(', ');
  }
}

/**
 * One event as a sentence. `viewerSeat` is the reader's seat (null for a spectator): its own
 * actions read "You ...".
 */
export const describeEvent: DescribeEvent<MatchEvent> = (event, t, seatNames, viewerSeat) =>
  describe(event, t, seatNames, viewerSeat);

/** `describeEvent` with the plain `Say` the board also uses. */
export function describe(
  event: MatchEvent,
  t: Say,
  seatNames: readonly string[],
  viewerSeat: number | null,
): string {
  const who = (seat: number): Record<string, unknown> =>
    seat === viewerSeat ? { ...NS, context: 'you' } : { ...NS, name: seatName(seat, seatNames) };
  switch (event.type) {
    case 'round_dealt': {
      const dealt = t('log.roundDealt', {
        ...who(event.starter),
        round: event.round,
        card: cardName(event.upcard, t),
      });
      const hand = event.hand
        ? ` ${t('log.yourHand', {
            ...NS,
            cards: joinList(
              event.hand.map((c) => cardName(c, t)),
              t,
            ),
          })}`
        : '';
      return dealt + hand;
    }
    case 'discard':
      return t(event.from === 'collection' ? 'log.discardStack' : 'log.discard', {
        ...who(event.seat),
        card: cardName(event.card, t),
      });
    case 'wild':
      return t('log.wild', { ...who(event.seat), card: declarationName(event.declared, t) });
    case 'collect':
      return t('log.collect', { ...who(event.seat), card: cardName(event.card, t) });
    case 'drew':
      if (event.card === undefined) return t('log.drew', who(event.seat));
      return event.card === WILDCARD
        ? t('log.drewWild', who(event.seat))
        : t('log.drewCard', { ...who(event.seat), card: cardName(event.card, t) });
    case 'no_draw':
      return t('log.noDraw', who(event.seat));
    case 'reshuffled':
      return t('log.reshuffled', { ...NS, count: event.deckSize });
    case 'round_scored': {
      const scores = joinList(
        event.scores.map((s, seat) =>
          t('log.seatPoints', {
            ...NS,
            name: seat === viewerSeat ? t('log.youSubject', NS) : seatName(seat, seatNames),
            points: signed(s),
          }),
        ),
        t,
      );
      return t('log.roundScored', {
        ...NS,
        round: event.round,
        name: event.endedBy === viewerSeat ? t('log.youObject', NS) : seatName(event.endedBy, seatNames),
        scores,
      });
    }
    case 'game_over': {
      const best = event.winners.length > 0 ? (event.totals[event.winners[0]!] ?? 0) : 0;
      if (event.winners.length === 1) {
        return t('log.gameOverWinner', { ...who(event.winners[0]!), points: best });
      }
      const names = event.winners.map((s) =>
        s === viewerSeat ? t('log.youSubject', NS) : seatName(s, seatNames),
      );
      return t('log.gameOverShared', { ...NS, names: joinList(names, t), points: best });
    }
  }
}

/** A legal choice in words, as the board's buttons say it ("Discard red 3 onto the pile"). */
export function describeAction(text: string, t: Say): string | null {
  const [verb, arg = ''] = text.split(' ');
  const card = (c: string) => cardName(c, t);
  if (verb === 'discard' && arg.startsWith('stack:')) {
    const colour = arg.slice('stack:'.length);
    return isColour(colour)
      ? t('choose.discardStack', { ...NS, colour: t(`colourName.${colour}`, NS) })
      : null;
  }
  if (verb === 'discard') return t('choose.discard', { ...NS, card: card(arg) });
  if (verb === 'collect') {
    const parsed = parseCard(arg);
    const colour = parsed ? t(`colourName.${parsed.colour}`, NS) : '';
    return t('choose.collect', { ...NS, card: card(arg), colour });
  }
  if (verb === 'wild') return t('picker.declare', { ...NS, card: card(arg) });
  return null;
}

/** A card's code in words, as every game's log module names it (see `LogModule`). */
export const describeCard = cardName;
