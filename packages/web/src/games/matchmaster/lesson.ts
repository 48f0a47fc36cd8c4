/** The tutorial of this game: a first game from a stacked deck, with steps that explain a rule when it first matters. */
import type { MatchMasterView } from '@matchbox/engine';
import type { Lesson, Situation } from '../../tutorial/situation.ts';
import { myTurn, logHas } from '../../tutorial/situation.ts';

// --- MatchMaster (rulings MM-4..MM-9) ------------------------------------------------------------

const suit = (card: string) => card.slice(0, 2);
const rank = (card: string) => Number(card.slice(2));
const TRUMP = 'do';

interface Trick {
  readonly led: string | null;
  readonly highTrump: number;
  readonly hand: readonly string[];
}

function trickOf(s: Situation): Trick | null {
  if (!myTurn(s)) return null;
  const v = s.update.view as MatchMasterView;
  if (v.phase !== 'play') return null;
  const cards = v.trick.cards;
  const trumps = cards.filter((c) => suit(c.card) === TRUMP).map((c) => rank(c.card));
  return {
    led: cards.length > 0 ? suit(cards[0]!.card) : null,
    highTrump: trumps.length ? Math.max(...trumps) : 0,
    hand: v.myHand ?? [],
  };
}

export const lesson: Lesson = {
  game: 'matchmaster',
  setup: {
    game: 'matchmaster',
    players: 4,
    // Seat 1 deals, so seat 2 leads and the person (seat 0) plays third: bots play before them.
    options: { handSizes: [4, 3], firstDealer: 1 },
    seed: 'tutorial:matchmaster',
    level: 'medium',
    // Deal order: seat 2, seat 3, seat 0 (the person), seat 1. Seat 2 holds only light blue and
    // wins the first two leads; seat 3 follows once, then must trump low; the person follows
    // (trick 1), must overtrump (trick 2), and must trump when seat 1 leads light orange (trick 3).
    deck: [
      'lb13',
      'lb12',
      'lb11',
      'lb10',
      'lb1',
      'do2',
      'do3',
      'lo1',
      'lb3',
      'do4',
      'do5',
      'db5',
      'lb4',
      'do13',
      'lo10',
      'lo11',
    ],
  },
  steps: [
    { id: 'bid', when: (s) => myTurn(s) && (s.update.view as MatchMasterView).phase === 'bid' },
    {
      // MM-6: holding the led (non-trump) suit, you follow it.
      id: 'followSuit',
      when: (s) => {
        const t = trickOf(s);
        return (
          !!t &&
          t.led !== null &&
          t.led !== TRUMP &&
          t.hand.some((c) => suit(c) === t.led) &&
          t.hand.some((c) => suit(c) !== t.led)
        );
      },
    },
    {
      // MM-6/MM-7: a trump in the trick and a higher one in hand: beat it.
      id: 'overtrump',
      when: (s) => {
        const t = trickOf(s);
        if (!t || t.led === null || t.highTrump === 0) return false;
        const void_ = t.led === TRUMP || !t.hand.some((c) => suit(c) === t.led);
        return void_ && t.hand.some((c) => suit(c) === TRUMP && rank(c) > t.highTrump);
      },
    },
    {
      // MM-6: void in the led suit, holding trumps, no trump yet: play a trump.
      id: 'mustTrump',
      when: (s) => {
        const t = trickOf(s);
        return (
          !!t &&
          t.led !== null &&
          t.led !== TRUMP &&
          t.highTrump === 0 &&
          !t.hand.some((c) => suit(c) === t.led) &&
          t.hand.some((c) => suit(c) === TRUMP)
        );
      },
    },
    // Matchbox ruling: leads are free.
    { id: 'lead', when: (s) => trickOf(s)?.led === null },
    { id: 'bidsShown', when: logHas('bids_revealed') },
    { id: 'trickWon', when: logHas('trick_won') },
    { id: 'handScored', when: logHas('hand_scored') },
    { id: 'done', when: (s) => s.update.status === 'finished' },
  ],
};
