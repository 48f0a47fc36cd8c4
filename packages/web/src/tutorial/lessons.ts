/**
 * The tutorials: a first game per game from a stacked deck, against bots, with steps that explain
 * a rule when it first matters. A step is a test of the situation (the person's view, legal and
 * refused choices, the log), never a script of clicks: whatever the person plays, a step shows
 * when its situation arises. The decks are built so that the situations do arise (see
 * test/tutorial.test.ts, which plays every choice the person has).
 */
import type { TableUpdate } from '@matchbox/client/wire';
import type { MatchetView, MatchMasterView, MatchView, Sweet16View } from '@matchbox/engine';
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

// --- Sweet16 (rulings S16-2, S16-3, S16-6) -------------------------------------------------------

const sweetView = (s: Situation) => s.update.view as Sweet16View;
const sweetTurn = (s: Situation, phase: string) => myTurn(s) && sweetView(s).phase === phase;

/** Row 1 holds neighbours that make 16 (10 + 6, 7 + 9, K + 3, Q + 4): a first tryst is near. */
const SWEET16_ROW_1 = ['10C', '6H', '7S', '9D', 'KC', '3D', 'QH', '4S', '8C'];
// The rest in a shuffled order (the grid of the seed tutorial:sweet16).
const SWEET16_REST = (
  '9D JH 5S 3H 2D 7D 4D 4C JC QS 2C 6D 7S 8D X1 2H 9S QC 9C 8S 10H AH 4H 9H AD 10D KD AC KH 4S QD ' +
  'X2 JD KC 8C 8H 3S 6S 5C AS 10C QH 10S 3C 3D 5H 6H JS 6C 7H 7C 5D KS 2S'
)
  .split(' ')
  .filter((c) => !SWEET16_ROW_1.includes(c));

const sweet16: Lesson = {
  game: 'sweet16',
  setup: {
    game: 'sweet16',
    players: 3,
    options: { memoryAid: true },
    seed: 'tutorial:sweet16',
    level: 'easy',
    deck: [...SWEET16_ROW_1, ...SWEET16_REST],
  },
  steps: [
    { id: 'flip', when: (s) => sweetTurn(s, 'flip') && !sweetView(s).total },
    // S16-2: exactly 16 is a tryst, over 16 loses face.
    {
      id: 'tryst',
      when: (s) => sweetTurn(s, 'flip') && (sweetView(s).total ?? 0) > 0 && !sweetView(s).canStop,
    },
    { id: 'joker', when: (s) => sweetTurn(s, 'joker') },
    // S16-2: a clique: stop below 16 with two cards or more, above the clique on the table.
    { id: 'clique', when: (s) => sweetTurn(s, 'flip') && sweetView(s).canStop === true },
    // S16-6: scoring a set: put one card back, activate one, bank the rest.
    { id: 'putBack', when: (s) => sweetTurn(s, 'back') },
    { id: 'activate', when: (s) => sweetTurn(s, 'activate') },
    { id: 'trystScored', when: logHas('tryst') },
    { id: 'loseFace', when: logHas('lose_face') },
    { id: 'done', when: (s) => s.update.status === 'finished' },
  ],
};

// --- MATCHET Solitaire B (rulings MT-2, MT-3, MT-6, MT-10) ----------------------------------------

const matchetView = (s: Situation) => s.update.view as MatchetView;

/** The cells that share a side with `(row, col)` on the triangular board (docs/rules/matchet.md). */
function neighbours(row: number, col: number): [number, number][] {
  return (row + col) % 2 === 0
    ? [
        [row, col + 1],
        [row + 1, col],
        [row, col - 1],
      ]
    : [
        [row - 1, col],
        [row, col + 1],
        [row, col - 1],
      ];
}

/** A legal placement now touches two or three tiles: a double join (an exceptional play, MT-3). */
function doubleJoinOffered(s: Situation): boolean {
  if (!myTurn(s)) return false;
  const taken = new Set(matchetView(s).board.map((t) => `${t.row},${t.col}`));
  return s.update.legal.some((l) => {
    const a = l.action as { row?: number; col?: number };
    if (typeof a.row !== 'number' || typeof a.col !== 'number') return false;
    return neighbours(a.row, a.col).filter(([r, c]) => taken.has(`${r},${c}`)).length >= 2;
  });
}

const matchet: Lesson = {
  game: 'matchet',
  setup: {
    game: 'matchet',
    players: 1,
    options: { mode: 'stacks' },
    seed: 'tutorial:matchet',
    level: 'medium',
    // Six stacks of six (the deal of the seed tutorial:matchet:8): winnable, with a double join
    // on the solver's line at the eighth placement.
    deck: (
      'T04 T11 T30 T19 T22 T09 T27 T07 T16 T32 T02 T28 T18 T01 T35 T21 T12 T23 ' +
      'T29 T15 T17 T34 T33 T08 T24 T05 T25 T06 T26 T03 T14 T36 T20 T31 T13 T10'
    ).split(' '),
  },
  steps: [
    { id: 'first', when: (s) => myTurn(s) && matchetView(s).phase === 'start' },
    { id: 'double', when: doubleJoinOffered },
    // MT-2: a join is the same colour, and the same number or a multiple of 5.
    { id: 'join', when: (s) => myTurn(s) && matchetView(s).board.length === 1 },
    // MT-3: the next tile joins the last one played.
    { id: 'lastTile', when: (s) => myTurn(s) && matchetView(s).board.length >= 2 },
    {
      id: 'multiple',
      when: (s) => matchetView(s).board.some((t) => t.points > 0),
    },
    { id: 'done', when: (s) => s.update.status === 'finished' },
  ],
};

export const LESSONS: Partial<Record<GameId, Lesson>> = { matchmaster, match, sweet16, matchet };

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
