/**
 * The tutorials: a first game per game from a stacked deck, against bots, with steps that explain
 * a rule when it first matters. A step is a test of the situation (the person's view, legal and
 * refused choices, the log), never a script of clicks: whatever the person plays, a step shows
 * when its situation arises. The decks are built so that the situations do arise (see
 * test/tutorial.test.ts, which plays every choice the person has).
 */
import type { TableUpdate } from '@matchbox/client/wire';
import type { MatchMasterView, MatchView } from '@matchbox/engine';
import type { GameId } from '../games/types.ts';
import type { LocalSetup } from '../local/localTable.ts';

/** What a step looks at. */
export interface Situation {
  readonly update: TableUpdate;
  /** Every event of the game so far, as the person saw them. */
  readonly log: readonly unknown[];
}

export interface Step {
  /** The step's key in the `tutorial` namespace: `<game>.<id>.title` and `.text`. */
  readonly id: string;
  readonly when: (s: Situation) => boolean;
}

export interface Lesson {
  readonly game: GameId;
  readonly setup: Omit<LocalSetup, 'name'>;
  /**
   * In order of precedence: when several steps hold at once, the first is shown, the others at a
   * later update. Momentary situations (a card to follow) come before lasting ones (a trick has
   * been won), so a lasting one never hides a momentary one.
   */
  readonly steps: readonly Step[];
}

const myTurn = (s: Situation) => s.update.seat !== null && s.update.toAct.includes(s.update.seat);
const logHas = (type: string) => (s: Situation) =>
  s.log.some((e) => typeof e === 'object' && e !== null && (e as { type?: unknown }).type === type);

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

const matchmaster: Lesson = {
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

// --- MATCH! (rulings MA-4..MA-7) ---------------------------------------------------------------

const matchView = (s: Situation) => s.update.view as MatchView;
const legalOfType = (s: Situation, type: string) =>
  s.update.legal.some((l) => (l.action as { type?: unknown }).type === type);

const match: Lesson = {
  game: 'match',
  setup: {
    game: 'match',
    players: 2,
    options: { target: 5, firstPlayer: 0 },
    seed: 'tutorial:match',
    level: 'medium',
    // Five cards each (the person first, MA-X2), then the card turned up: red 4. The person holds
    // two cards that match it (red 1 by colour, green 4 by number), two that do not, and a wildcard.
    deck: ['r1', 'g4', 'b2', 'y5', 'W', 'b3', 'p2', 'y0', 'g1', 'p5', 'r4', 'b4', 'y2', 'g2', 'r5'],
  },
  steps: [
    { id: 'match', when: (s) => myTurn(s) && legalOfType(s, 'discard') },
    // MA-6: a matching stack top must be discarded.
    { id: 'forced', when: (s) => myTurn(s) && matchView(s).forcedDiscard },
    { id: 'collect', when: (s) => myTurn(s) && legalOfType(s, 'collect') },
    // MA-7: a wildcard declares the next target.
    { id: 'wild', when: (s) => myTurn(s) && legalOfType(s, 'wild') },
    { id: 'stack', when: (s) => myTurn(s) && legalOfType(s, 'discardStack') },
    { id: 'roundScored', when: logHas('round_scored') },
    { id: 'done', when: (s) => s.update.status === 'finished' },
  ],
};

export const LESSONS: Partial<Record<GameId, Lesson>> = { matchmaster, match };

/** The guide's progress: the steps shown so far (the last is on screen) and the update that showed it. */
export interface GuideState {
  readonly shown: readonly string[];
  readonly version: number;
}

export const GUIDE_START: GuideState = { shown: [], version: -1 };

/**
 * The guide after an update: at most one new step per update, so a step whose moment passes
 * quickly is never covered at once by a lasting one that holds at the same time.
 */
export function advance(lesson: Lesson, guide: GuideState, situation: Situation): GuideState {
  if (situation.update.version === guide.version) return guide;
  const step = nextStep(lesson, guide.shown, situation);
  return step ? { shown: [...guide.shown, step.id], version: situation.update.version } : guide;
}

/**
 * The step to show after this update: the first step not shown yet whose situation holds, or
 * null (the last one shown stays).
 */
export function nextStep(lesson: Lesson, shown: readonly string[], situation: Situation): Step | null {
  for (const step of lesson.steps) if (!shown.includes(step.id) && step.when(situation)) return step;
  return null;
}
