/**
 * MatchMaster positions from stacked decks where one card or bid is a blunder: the bots' blunder
 * and counting suites (matchmaster.test.ts) and the analysis (analysis.test.ts) share them.
 */
import type { MatchMasterState } from '@matchbox/engine';
import { matchmaster } from '@matchbox/engine';

export interface PositionCase {
  readonly name: string;
  /** The position (seat 0 deals; seat 1 leads the first trick and gets the deck's first block). */
  readonly make: () => MatchMasterState;
  readonly seat: number;
  /** The action that is a blunder there. */
  readonly blunder: string;
}

/** A state after a stacked deal (first hand-size cards to seat 1, the first leader) and actions. */
/** How each position was made: its setup and the moves to it (to replay it as a session). */
export interface PositionSetup {
  readonly players: number;
  readonly handSizes: number[];
  readonly deck: string[];
  readonly moves: Array<[number, string]>;
}
const MADE = new WeakMap<MatchMasterState, PositionSetup>();

/** The setup and moves a position of `position` was made from. */
export function setupOf(s: MatchMasterState): PositionSetup {
  const made = MADE.get(s);
  if (!made) throw new Error('not a position of this file');
  return made;
}

export function position(
  players: number,
  handSizes: number[],
  deck: string[],
  moves: Array<[number, string]>,
) {
  const setup = matchmaster.setup({ players, seed: 'pos', options: { handSizes }, deck });
  if (!setup.ok) throw new Error(setup.error.message);
  const s = setup.value;
  MADE.set(s, { players, handSizes, deck, moves });
  for (const [seat, text] of moves) {
    const a = matchmaster.parseAction(text);
    if (!a.ok) throw new Error(text);
    const e = matchmaster.applyInPlace(s, seat, a.value);
    if (e) throw new Error(`${text}: ${e.message}`);
  }
  return s;
}

// The blunder suite (every level from medium up).
export const BLUNDER_CASES: readonly PositionCase[] = [
  {
    name: 'MM-6: needing every trick, it draws trumps before leading a side-suit winner',
    // Seat 1 holds do13 and lo13 and bid 2; a void opponent with a trump ruffs lo13 led first.
    make: () =>
      position(
        2,
        [2],
        ['do13', 'lo13', 'do2', 'lb5'],
        [
          [0, 'bid 0'],
          [1, 'bid 2'],
        ],
      ),
    seat: 1,
    blunder: 'lo13',
  },
  {
    name: 'MM-9: having made its bid of 0, it ducks under the led card',
    make: () =>
      position(
        2,
        [2],
        ['lo6', 'db2', 'lo9', 'lo3'],
        [
          [0, 'bid 0'],
          [1, 'bid 1'],
          [1, 'lo6'],
        ],
      ),
    seat: 0,
    blunder: 'lo9',
  },
  {
    name: 'MM-8: needing a trick and playing last, it takes the one it can win for sure',
    make: () =>
      position(
        2,
        [2],
        ['lb7', 'db2', 'lb9', 'lb2'],
        [
          [0, 'bid 1'],
          [1, 'bid 0'],
          [1, 'lb7'],
        ],
      ),
    seat: 0,
    blunder: 'lb2',
  },
  {
    name: 'MM-9: having made its bid, it does not lead the top trump',
    make: () =>
      position(
        4,
        [2],
        ['do13', 'lo2', 'db5', 'db6', 'lb5', 'lb6', 'lo9', 'lo10'],
        [
          [0, 'bid 1'],
          [1, 'bid 0'],
          [2, 'bid 1'],
          [3, 'bid 1'],
        ],
      ),
    seat: 1,
    blunder: 'do13',
  },
  {
    name: 'MM-4: with the top trump in a one-card hand it does not bid 0',
    make: () => position(4, [1], ['do13', 'lo2', 'db5', 'lb6'], []),
    seat: 1,
    blunder: 'bid 0',
  },
  {
    name: 'MM-6: needing no trick and free to discard, it throws its dangerous high card',
    // Seat 1 leads lo5; seat 0 (bid 0) has no light orange and no trump: lb13 must go now.
    make: () =>
      position(
        2,
        [2],
        ['lo5', 'lb4', 'lb13', 'db2'],
        [
          [0, 'bid 0'],
          [1, 'bid 1'],
          [1, 'lo5'],
        ],
      ),
    seat: 0,
    blunder: 'db2',
  },
];

// The counting suite: sure tricks and shown voids (medium, hard, expert).
export const COUNTING_CASES: readonly PositionCase[] = [
  {
    name: 'MM-8: needing one more trick and holding the top trump (a trick banked), it ducks with lo2',
    make: () =>
      position(
        2,
        [3],
        ['lo5', 'db3', 'db4', 'do13', 'lo12', 'lo2'],
        [
          [0, 'bid 1'],
          [1, 'bid 0'],
          [1, 'lo5'],
        ],
      ),
    seat: 0,
    blunder: 'lo12',
  },
  {
    name: 'MM-6: bid made, the last seat has shown no lo and no trump: the trick is won anyway, so lo12 goes',
    // Trick 1: seat 2 discards db5 on lo4 (void in lo, no trump); seat 0 wins with lo7 and leads lo5.
    make: () =>
      position(
        3,
        [3],
        ['lo4', 'lo8', 'lo12', 'db5', 'db6', 'lb3', 'lo7', 'lo5', 'lb9'],
        [
          [0, 'bid 1'],
          [1, 'bid 0'],
          [2, 'bid 0'],
          [1, 'lo4'],
          [2, 'db5'],
          [0, 'lo7'],
          [0, 'lo5'],
        ],
      ),
    seat: 1,
    blunder: 'lo8',
  },
  {
    name: 'MM-6: bid made and on lead, it does not lead lo2 to a seat shown void in lo and trumps',
    make: () =>
      position(
        2,
        [3],
        ['lo9', 'lo2', 'db9', 'db8', 'lb4', 'lb6'],
        [
          [0, 'bid 0'],
          [1, 'bid 1'],
          [1, 'lo9'],
          [0, 'db8'],
        ],
      ),
    seat: 1,
    blunder: 'lo2',
  },
  {
    name: 'MM-6: needing both tricks, it wins this one with lo8 (the last seat is void) and keeps lo12',
    make: () =>
      position(
        3,
        [3],
        ['lo4', 'lo8', 'lo12', 'db5', 'db6', 'lb3', 'lo7', 'lo5', 'lb9'],
        [
          [0, 'bid 1'],
          [1, 'bid 2'],
          [2, 'bid 0'],
          [1, 'lo4'],
          [2, 'db5'],
          [0, 'lo7'],
          [0, 'lo5'],
        ],
      ),
    seat: 1,
    blunder: 'lo12',
  },
];
