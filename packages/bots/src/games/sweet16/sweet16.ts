/**
 * Sweet16 bots for the base memory game (rulings S16-2..S16-9). They play from the view and their
 * own memory only: the runner shows them every view as the game goes (`observe`), and they note
 * which card lies at each face-down position (cards seen flipped, put back, or looked at) and
 * which cards have left the grid. A `Memory` has a capacity (the most recent positions kept) and
 * an accuracy (a new sighting is misremembered as a random card with the remaining chance), so
 * the lower levels forget rather than merely think less.
 *
 * Decisions:
 * - Flip or stop (S16-2): the heuristic flips a remembered card that makes exactly 16 (or a
 *   remembered Joker), stops on 12+ or when the next unknown card would more likely bust, and
 *   otherwise flips an unknown card. The exact player evaluates every choice (stop, flip each
 *   remembered value, flip an unknown card) by the exact expectation over the unseen cards drawn
 *   without replacement, through the rest of the turn; only the survival of a clique until the
 *   next turn is an estimate.
 * - Joker (S16-4): declare the value that makes 16 if there is one.
 * - Scoring (S16-6): put back the card least useful to others (high, never the Joker), activate a
 *   club that can steal, else a diamond (3 points), else a heart (more hearts), else a spade
 *   (looks); look at cards not yet known.
 */
import type { Action, Seat, Sweet16Action, Sweet16View } from '@matchbox/engine';
import { Rng, sweet16Cards } from '@matchbox/engine';

const { CARD_NAMES } = sweet16Cards;

/** Value of a card name: A=1 .. K=13; a Joker is 0 (wild). */
export function valueOfName(card: string): number {
  if (card.startsWith('X')) return 0;
  const r = card.slice(0, -1);
  return r === 'A' ? 1 : r === 'J' ? 11 : r === 'Q' ? 12 : r === 'K' ? 13 : Number(r);
}
const suitOfName = (card: string): string => (card.startsWith('X') ? '' : card.slice(-1));

export class Memory {
  /** Face-down (or face-up) position -> the card believed to be there; insertion order = age. */
  readonly known = new Map<string, string>();
  /** Cards seen leaving the grid. */
  readonly gone = new Set<string>();
  /** The grid this memory is of (S16-X11: a new grid puts other cards everywhere). */
  private grid = 1;
  constructor(
    readonly capacity: number,
    readonly accuracy: number,
    private rng: Rng,
  ) {}

  /** Forgets every card (the generator stays as it is). */
  forget(): void {
    this.known.clear();
    this.gone.clear();
  }

  reset(seed: string): void {
    this.known.clear();
    this.gone.clear();
    this.grid = 1;
    this.rng = Rng.fromSeed(seed);
  }

  private record(pos: string, card: string, exact: boolean): void {
    const had = this.known.get(pos);
    if (had === card) return;
    let c = card;
    if (!exact && this.accuracy < 1 && this.rng.next() >= this.accuracy)
      c = CARD_NAMES[this.rng.int(CARD_NAMES.length)]!;
    this.known.delete(pos);
    this.known.set(pos, c);
    while (this.known.size > this.capacity) {
      const oldest = this.known.keys().next().value as string;
      this.known.delete(oldest);
    }
  }

  observe(view: Sweet16View): void {
    if (view.mode !== 'base') return;
    if ((view.gridNumber ?? 1) !== this.grid) {
      this.forget();
      this.grid = view.gridNumber ?? 1;
    }
    const grid = view.grid;
    const cols = view.cols;
    for (let r = 0; r < grid.length; r++) {
      for (let c = 0; c < cols; c++) {
        const pos = `${String.fromCharCode(65 + c)}${r + 1}`;
        const cell = grid[r]![c];
        if (cell === null || cell === undefined) {
          const had = this.known.get(pos);
          if (had !== undefined) {
            this.gone.add(had);
            this.known.delete(pos);
          }
        } else if (cell !== '?') {
          // Face up: everyone sees it; remembering it once it turns face down is what may fail.
          this.record(pos, cell, false);
        }
      }
    }
    for (const [pos, card] of Object.entries(view.peeks ?? {})) this.record(pos, card, false);
    for (const [pos, m] of Object.entries(view.memory ?? {})) this.record(pos, m.card, true);
  }
}

interface Board {
  /** Face-down positions with a remembered card. */
  readonly knownDown: Array<{ pos: string; card: string; value: number }>;
  /** Face-down positions not remembered. */
  readonly unknownDown: string[];
  /** Unseen cards by value (index 0 = Jokers). */
  readonly pool: Int32Array;
  readonly faceUp: Map<string, string>;
}

function readBoard(view: Sweet16View, mem: Memory): Board {
  const grid = view.grid;
  const cols = view.cols;
  const knownDown: Board['knownDown'] = [];
  const unknownDown: string[] = [];
  const faceUp = new Map<string, string>();
  const accounted = new Set<string>(mem.gone);
  for (let r = 0; r < grid.length; r++) {
    for (let c = 0; c < cols; c++) {
      const pos = `${String.fromCharCode(65 + c)}${r + 1}`;
      const cell = grid[r]![c];
      if (cell === null || cell === undefined) continue;
      if (cell !== '?') {
        faceUp.set(pos, cell);
        accounted.add(cell);
        continue;
      }
      const m = mem.known.get(pos);
      if (m !== undefined && !accounted.has(m)) {
        knownDown.push({ pos, card: m, value: valueOfName(m) });
        accounted.add(m);
      } else unknownDown.push(pos);
    }
  }
  const pool = new Int32Array(14);
  for (const card of CARD_NAMES) if (!accounted.has(card)) pool[valueOfName(card)]!++;
  return { knownDown, unknownDown, pool, faceUp };
}

export interface StopModel {
  /** Expected bonus of an activation when scoring. */
  readonly activation: number;
  /** Chance that a clique of total t survives until the owner's next turn. */
  survive(t: number, players: number): number;
}

export const DEFAULT_MODEL: StopModel = {
  activation: 0.8,
  survive(t, players) {
    const base = Math.max(0.05, Math.min(0.85, Math.pow(Math.max(0, t - 8) / 8, 1.5)));
    return Math.pow(base, players - 1);
  },
};

type FlipChoice = { kind: 'stop' } | { kind: 'known'; value: number } | { kind: 'unknown' };

/**
 * The exact value of the rest of a turn: the best of stopping, flipping each remembered value
 * and flipping an unknown card (its value drawn from the unseen cards without replacement).
 */
export function planFlip(
  total: number,
  flips: number,
  pool: Int32Array,
  known: Int32Array,
  cliqueTotal: number,
  unknownSlots: number,
  players: number,
  model: StopModel,
  dissolve: number,
): { value: number; choice: FlipChoice } {
  const memo = new Map<string, number>();
  const tryst = (m: number) => m - 1 + model.activation + dissolve;
  const clique = (t: number, m: number) => model.survive(t, players) * (m - 1 + model.activation + dissolve);
  let slots = unknownSlots;
  const after = (t: number, m: number): number => (t === 16 ? tryst(m) : t > 16 ? 0 : value(t, m));
  // The best declaration for a Joker turned up with total t before it (m cards with it).
  const joker = (t: number, m: number): number => {
    if (t >= 3 && t <= 15) return tryst(m);
    let best = 0;
    for (let v = 1; v <= 13; v++) best = Math.max(best, after(t + v, m));
    return best;
  };
  function value(t: number, m: number): number {
    const key = `${t}:${m}:${pool.join(',')}:${known.join(',')}`;
    const hit = memo.get(key);
    if (hit !== undefined) return hit;
    let best = m >= 2 && t < 16 && t > cliqueTotal ? clique(t, m) : 0;
    // Remembered cards.
    for (let v = 0; v <= 13; v++) {
      if (known[v]! === 0) continue;
      known[v]!--;
      const x = v === 0 ? joker(t, m + 1) : after(t + v, m + 1);
      known[v]!++;
      if (x > best) best = x;
    }
    // An unknown card.
    let n = 0;
    for (let v = 0; v <= 13; v++) n += pool[v]!;
    if (n > 0 && slots > 0) {
      let e = 0;
      slots--;
      for (let v = 0; v <= 13; v++) {
        const k = pool[v]!;
        if (k === 0) continue;
        pool[v]!--;
        e += (k / n) * (v === 0 ? joker(t, m + 1) : after(t + v, m + 1));
        pool[v]!++;
      }
      slots++;
      if (e > best) best = e;
    }
    memo.set(key, best);
    return best;
  }
  // The root, keeping track of which choice is best.
  let choice: FlipChoice = { kind: 'unknown' };
  let best = -1;
  if (flips >= 2 && total < 16 && total > cliqueTotal) {
    best = clique(total, flips);
    choice = { kind: 'stop' };
  }
  for (let v = 0; v <= 13; v++) {
    if (known[v]! === 0) continue;
    known[v]!--;
    const x = v === 0 ? joker(total, flips + 1) : after(total + v, flips + 1);
    known[v]!++;
    if (x > best) {
      best = x;
      choice = { kind: 'known', value: v };
    }
  }
  let n = 0;
  for (let v = 0; v <= 13; v++) n += pool[v]!;
  if (n > 0 && slots > 0) {
    let e = 0;
    slots--;
    for (let v = 0; v <= 13; v++) {
      const k = pool[v]!;
      if (k === 0) continue;
      pool[v]!--;
      e += (k / n) * (v === 0 ? joker(total, flips + 1) : after(total + v, flips + 1));
      pool[v]!++;
    }
    slots++;
    if (e > best) {
      best = e;
      choice = { kind: 'unknown' };
    }
  }
  return { value: best, choice };
}

export interface Sweet16Style {
  /** Exact flip/stop evaluation (else the rule of thumb). */
  readonly exact: boolean;
  readonly model: StopModel;
}

/** The position an action names, if it names one. */
const posOf = (a: Action): string | undefined => {
  const x = a as Sweet16Action;
  return 'pos' in x ? x.pos : undefined;
};

const find = (legal: readonly Action[], type: string, pos?: string): Action | undefined =>
  legal.find((a) => a.type === type && (pos === undefined || posOf(a) === pos));

/** One decision of the base game from the view, the memory and the style. */
export function sweet16Choose(
  view: Sweet16View,
  seat: Seat,
  legal: readonly Action[],
  mem: Memory,
  style: Sweet16Style,
  rng: Rng,
): Action {
  if (view.mode !== 'base') return legal[rng.int(legal.length)]!;
  mem.observe(view);
  const board = readBoard(view, mem);
  const players = view.players;
  const total = view.total ?? 0;
  const flipped = view.flipped ?? [];
  const clique = view.clique ?? null;
  const cliqueTotal = clique && clique.owner !== seat ? clique.total : 0;
  const dissolve = clique && clique.owner !== seat ? 0.3 * (clique.cells.length - 1) : 0;
  const phase = view.phase;
  const pick = <T>(xs: readonly T[]): T => xs[rng.int(xs.length)]!;
  switch (phase) {
    case 'flip': {
      const flipKnown = (value: number): Action | undefined => {
        for (const k of board.knownDown) if (k.value === value) return find(legal, 'flip', k.pos);
        return undefined;
      };
      const flipUnknown = (): Action | undefined => {
        const options = board.unknownDown.filter((p) => find(legal, 'flip', p));
        return options.length > 0 ? find(legal, 'flip', pick(options)) : undefined;
      };
      const canStop = view.canStop === true;
      if (style.exact) {
        const known = new Int32Array(14);
        for (const k of board.knownDown) known[k.value]!++;
        const plan = planFlip(
          total,
          flipped.length,
          board.pool,
          known,
          cliqueTotal,
          board.unknownDown.length,
          players,
          style.model,
          dissolve,
        );
        const c = plan.choice;
        const a =
          c.kind === 'stop' ? find(legal, 'stop') : c.kind === 'known' ? flipKnown(c.value) : flipUnknown();
        if (a) return a;
      } else {
        // Rule of thumb: a remembered card that makes 16 (or a Joker), else stop on 12+ or when
        // busting is likelier than not, else an unknown card.
        const need = 16 - total;
        const sure =
          (need >= 1 && need <= 13 ? flipKnown(need) : undefined) ??
          (total <= 15 && total >= 3 ? flipKnown(0) : undefined);
        if (sure) return sure;
        let n = 0;
        let bust = 0;
        for (let v = 0; v <= 13; v++) {
          n += board.pool[v]!;
          if (v > 0 && total + v > 16) bust += board.pool[v]!;
        }
        if (canStop && (total >= 12 || (n > 0 && bust / n > 0.5))) return find(legal, 'stop')!;
        const u = flipUnknown();
        if (u) return u;
        let low: Action | undefined;
        let lowV = 99;
        for (const k of board.knownDown) {
          const a = find(legal, 'flip', k.pos);
          if (a && k.value > 0 && k.value < lowV) {
            lowV = k.value;
            low = a;
          }
        }
        if (low) return low;
      }
      return legal.find((a) => a.type === 'flip') ?? legal[0]!;
    }
    case 'joker': {
      // The total shown already holds the Joker at 0.
      const need = 16 - total;
      const valueOf = (a: Action): number | undefined => {
        const x = a as Sweet16Action;
        return x.type === 'joker' ? x.value : undefined;
      };
      const exact = legal.find((a) => valueOf(a) === need);
      if (exact) return exact;
      return legal.find((a) => valueOf(a) === Math.min(13, 15 - total)) ?? legal[legal.length - 1]!;
    }
    case 'back': {
      // Put back the card least useful to the others: a high one; never a Joker (a known Joker
      // is a free tryst for whoever flips it next) or a diamond/club worth activating.
      let best = legal[0]!;
      let bestKey = -Infinity;
      for (const a of legal) {
        const card = board.faceUp.get(posOf(a) ?? '') ?? '';
        const v = valueOfName(card);
        const s = suitOfName(card);
        const key = (v === 0 ? -100 : v) - (s === 'D' ? 6 : 0) - (s === 'C' ? 2 : 0);
        if (key > bestKey) {
          bestKey = key;
          best = a;
        }
      }
      return best;
    }
    case 'activate': {
      const diamonds = view.diamonds;
      let best = find(legal, 'skip') ?? legal[0]!;
      let bestKey = 0;
      for (const a of legal) {
        if (a.type !== 'activate') continue;
        const card = board.faceUp.get(posOf(a) ?? '') ?? '';
        const v = valueOfName(card);
        const s = suitOfName(card);
        let key = 0;
        if (s === 'C') {
          const steal = diamonds.some((ds, o) => o !== seat && ds.some((d) => valueOfName(d) <= v));
          key = steal ? 10 : 0.5;
        } else if (s === 'D') key = 5;
        else if (s === 'H') key = 2;
        else if (s === 'S') key = 1;
        if (key > bestKey) {
          bestKey = key;
          best = a;
        }
      }
      return best;
    }
    case 'club': {
      let best = find(legal, 'skip') ?? legal[0]!;
      let bestV = -1;
      for (const a of legal) {
        const x = a as Sweet16Action;
        if (x.type !== 'steal') continue;
        const v = valueOfName(x.card);
        if (v > bestV) {
          bestV = v;
          best = a;
        }
      }
      return best;
    }
    case 'heart':
    case 'spade': {
      const notHeart = new Set(view.notHeart ?? []);
      const looks = legal.filter((a) => a.type === 'look');
      const unknown = looks.filter((a) => !mem.known.has(posOf(a) ?? ''));
      const hearty = unknown.filter((a) => !notHeart.has(posOf(a) ?? ''));
      const from = phase === 'heart' && hearty.length > 0 ? hearty : unknown.length > 0 ? unknown : looks;
      return from.length > 0 ? pick(from) : legal[0]!;
    }
    case 'tryst':
    case 'take':
    case 'bury':
    case 'over':
      // The duel's phases (S16-10; its bot searches instead) and the end: nothing to remember.
      return legal[rng.int(legal.length)]!;
  }
}
