/**
 * What the board remembers from the events it was shown, for display only: the flips and outcome
 * of the latest finished turn (so a bot's turn that ended in losing face can still be seen), the
 * cards of a lost-face turn to show for a moment before they turn face down, and the cards this
 * seat looked at (its own body of a `look` carries the card; the view drops a look at the end of
 * the turn, S16-X5), kept until this seat's next turn.
 */
import type { Sweet16Event } from '@matchbox/engine';

export interface TurnFlip {
  readonly pos: string;
  readonly card: string;
  /** A Joker's declared value. */
  readonly value?: number;
}

export type TurnOutcome =
  | { readonly kind: 'lose_face' | 'stuck'; readonly total: number }
  | { readonly kind: 'nothing' }
  | { readonly kind: 'tryst' }
  | { readonly kind: 'clique'; readonly total: number }
  | { readonly kind: 'pass' };

export interface TurnSummary {
  readonly seat: number;
  readonly turn: number;
  readonly flips: readonly TurnFlip[];
  readonly outcome: TurnOutcome | null;
}

export interface SeenLook {
  readonly pos: string;
  readonly card: string;
  readonly power: 'heart' | 'spade';
}

export interface EventMemory {
  readonly current: TurnSummary | null;
  readonly last: TurnSummary | null;
  readonly looks: readonly SeenLook[];
}

export const EMPTY_MEMORY: EventMemory = { current: null, last: null, looks: [] };

/**
 * Folds a batch of events into the memory. Returns the new memory and, for a turn that lost face
 * in this batch, the cards that just turned face down by position (`flash`), looked up in the
 * turn's flips or, for flips before the board was shown, with `known`.
 */
export function remember(
  memory: EventMemory,
  events: readonly Sweet16Event[],
  viewer: number | null,
  known: (pos: string) => string | undefined,
): { memory: EventMemory; flash: Record<string, string> } {
  let { current, last, looks } = memory;
  const flash: Record<string, string> = {};
  const finish = () => {
    if (current && (current.flips.length > 0 || current.outcome)) last = current;
  };
  const touch = (seat: number): TurnSummary =>
    current && current.seat === seat ? current : { seat, turn: 0, flips: [], outcome: null };
  for (const e of events) {
    switch (e.type) {
      case 'turn':
        finish();
        current = { seat: e.seat, turn: e.turn, flips: [], outcome: null };
        if (e.seat === viewer) looks = [];
        break;
      case 'flip': {
        const c = touch(e.seat);
        current = { ...c, flips: [...c.flips, { pos: e.pos, card: e.card }] };
        break;
      }
      case 'joker': {
        const c = touch(e.seat);
        current = { ...c, flips: c.flips.map((f) => (f.pos === e.pos ? { ...f, value: e.value } : f)) };
        break;
      }
      case 'lose_face': {
        // The cells are the turn's flips in order; flips shown in updates this board never
        // rendered are looked up in the last view it did render.
        const c = touch(e.seat);
        const flips: TurnFlip[] = [];
        for (const pos of e.cells) {
          const seen = c.flips.find((f) => f.pos === pos);
          const card = seen?.card ?? known(pos);
          if (!card) continue;
          flash[pos] = card;
          flips.push(seen ?? { pos, card });
        }
        current = {
          ...c,
          flips,
          outcome:
            e.cells.length === 0
              ? { kind: 'nothing' }
              : { kind: e.total > 16 ? 'lose_face' : 'stuck', total: e.total },
        };
        break;
      }
      case 'tryst': {
        const c = touch(e.seat);
        const flips = e.cells.map(
          (pos, k) => c.flips.find((f) => f.pos === pos) ?? { pos, card: e.cards[k] ?? '?' },
        );
        current = { ...c, flips, outcome: { kind: 'tryst' } };
        break;
      }
      case 'clique': {
        const c = touch(e.seat);
        const flips: TurnFlip[] = [];
        for (const pos of e.cells) {
          const seen = c.flips.find((f) => f.pos === pos);
          const card = seen?.card ?? known(pos);
          if (card) flips.push(seen ?? { pos, card });
        }
        current = { ...c, flips, outcome: { kind: 'clique', total: e.total } };
        break;
      }
      case 'pass':
        current = { ...touch(e.seat), outcome: { kind: 'pass' } };
        break;
      case 'look':
        if (e.seat === viewer && e.card !== undefined) {
          looks = [...looks.filter((l) => l.pos !== e.pos), { pos: e.pos, card: e.card, power: e.power }];
        }
        break;
      case 'game_over':
        finish();
        current = null;
        break;
      case 'grid_laid':
      case 'grid_over':
      case 'score_clique':
      case 'put_back':
      case 'activate':
      case 'no_activation':
      case 'no_steal':
      case 'steal':
      case 'heart_found':
      case 'banked':
      case 'clique_dissolved':
      case 'take':
      case 'bury':
        break;
    }
  }
  return { memory: { current, last, looks }, flash };
}
