/**
 * A second, independent model of MATCHET written for the review straight from the sheet and
 * rulings MT-1..MT-10: it keeps its own board (cells as "row,col" strings, sides by direction),
 * its own hands, pool, reserve and stacks, and runs the forced parts of a turn itself. It shares
 * no code with the engine; the review tests drive both with the same actions and compare.
 */
export type Dir = 'T' | 'R' | 'B' | 'L';
export interface Side {
  readonly c: string;
  readonly n: number;
}

const UP: Dir[] = ['R', 'B', 'L'];
const DOWN: Dir[] = ['T', 'R', 'L'];
export const isUp = (r: number, c: number): boolean => (((r + c) % 2) + 2) % 2 === 0;
const letters = (r: number, c: number): Dir[] => (isUp(r, c) ? UP : DOWN);
function across(r: number, c: number, d: Dir): [number, number] {
  if (d === 'R') return [r, c + 1];
  if (d === 'L') return [r, c - 1];
  if (d === 'B') return [r + 1, c];
  return [r - 1, c];
}
const back = (d: Dir): Dir => (d === 'R' ? 'L' : d === 'L' ? 'R' : d === 'B' ? 'T' : 'B');

/** MT-1: a tile's sides clockwise, starting from red (the spec may start with any colour). */
export function tileSides(spec: string): Side[] {
  const parts = spec.toUpperCase().match(/[RYB](?:10|[1-9])/g)!;
  const sides = parts.map((p) => ({ c: p[0]!, n: Number(p.slice(1)) }));
  const red = sides.findIndex((x) => x.c === 'R');
  return [0, 1, 2].map((i) => sides[(red + i) % 3]!);
}

/** MT-2: the points of a join, -1 when it is not valid. */
export function joinPoints(a: Side, b: Side): number {
  if (a.c !== b.c) return -1;
  if ((a.n + b.n) % 5 === 0) return a.n + b.n;
  return a.n === b.n ? 0 : -1;
}

export const name = (t: number): string => `T${String(t + 1).padStart(2, '0')}`;
const sum = (s: Side[]): number => s[0]!.n + s[1]!.n + s[2]!.n;

export class Model {
  readonly sides: Side[][];
  readonly board = new Map<string, Record<string, Side>>();
  last: string | null = null;
  placedCount = 0;
  mode: 'multi' | 'reserve' | 'stacks';
  players: number;
  rounds: number;
  round = 0;
  firstSeat = 0;
  toMove = 0;
  over = false;
  outcome: 'won' | 'lost' | null = null;
  hands: number[][] = [];
  pool: number[] = [];
  passes = 0;
  totals: number[];
  roundLog: { winner: number | null; points: number[] }[] = [];
  private roundStart: number[] = [];
  reserve: number[] = [];
  current = -1;
  fromReserve = false;
  stacks: number[][] = [];
  starting = true;
  events: string[] = [];

  constructor(
    specs: readonly string[],
    mode: 'multi' | 'reserve' | 'stacks',
    players: number,
    rounds: number,
    order: readonly number[],
  ) {
    this.sides = specs.map(tileSides);
    this.mode = mode;
    this.players = players;
    this.rounds = mode === 'multi' ? rounds : 1;
    this.totals = new Array<number>(players).fill(0);
    this.deal(order);
  }

  /** Deals a round from a tile order (MT-4, MT-9, MT-10). */
  deal(order: readonly number[]): void {
    this.board.clear();
    this.last = null;
    this.placedCount = 0;
    this.passes = 0;
    this.starting = true;
    this.roundStart = this.totals.slice();
    const n = this.sides.length;
    if (this.mode === 'multi') {
      this.hands = Array.from({ length: this.players }, () => []);
      for (let i = 0; i < this.players; i++)
        this.hands[(this.firstSeat + i) % this.players] = order.slice(i * 5, i * 5 + 5);
      this.pool = order.slice(this.players * 5);
      // MT-4: highest sum; ties to the earliest seat from the round's first seat.
      let best = -1;
      for (let i = 0; i < this.players; i++) {
        const seat = (this.firstSeat + i) % this.players;
        const m = Math.max(...this.hands[seat]!.map((t) => sum(this.sides[t]!)));
        if (m > best) {
          best = m;
          this.toMove = seat;
        }
      }
    } else if (this.mode === 'reserve') {
      this.pool = order.slice(1);
      this.reserve = [];
      this.putTile(order[0]!, 0, 0, 'B');
      this.starting = false;
      this.toMove = 0;
      this.resolveReserve();
    } else {
      const q = Math.floor(n / 6);
      const r = n % 6;
      this.stacks = [];
      let at = 0;
      for (let k = 0; k < 6; k++) {
        const h = q + (k < r ? 1 : 0);
        this.stacks.push(order.slice(at, at + h));
        at += h;
      }
      this.toMove = 0;
    }
  }

  private facing(t: number, r: number, c: number, red: Dir): Record<string, Side> {
    const ls = letters(r, c);
    const k = ls.indexOf(red);
    const out: Record<string, Side> = {};
    for (let i = 0; i < 3; i++) out[ls[(k + i) % 3]!] = this.sides[t]![i]!;
    return out;
  }

  /** Points of tile t at (r, c) with red facing `red`, or -1 when not allowed (MT-2, MT-3, MT-6). */
  placement(t: number, r: number, c: number, red: Dir): number {
    if (this.board.size === 0) return r === 0 && c === 0 && red === 'B' ? 0 : -1;
    if (this.board.has(`${r},${c}`)) return -1;
    const mine = this.facing(t, r, c, red);
    let touching = 0;
    let onlyNeighbour = '';
    let points = 0;
    for (const d of letters(r, c)) {
      const [nr, nc] = across(r, c, d);
      const other = this.board.get(`${nr},${nc}`);
      if (!other) continue;
      touching++;
      onlyNeighbour = `${nr},${nc}`;
      const j = joinPoints(mine[d]!, other[back(d)]!);
      if (j < 0) return -1;
      points += j;
    }
    if (touching === 0) return -1;
    if (touching === 1 && onlyNeighbour !== this.last) return -1; // MT-3 normal play
    return points;
  }

  /** Every valid placement of tile t: "Txx@r,c:D" -> points, ordered cell (row, col), rotation. */
  placementsOf(t: number): [string, number][] {
    const cells = new Set<string>();
    if (this.board.size === 0) cells.add('0,0');
    for (const key of this.board.keys()) {
      const [r, c] = key.split(',').map(Number) as [number, number];
      for (const d of letters(r, c)) {
        const [nr, nc] = across(r, c, d);
        if (!this.board.has(`${nr},${nc}`)) cells.add(`${nr},${nc}`);
      }
    }
    const sorted = [...cells]
      .map((k) => k.split(',').map(Number) as [number, number])
      .sort((a, b) => a[0] - b[0] || a[1] - b[1]);
    const out: [string, number][] = [];
    for (const [r, c] of sorted) {
      for (const red of letters(r, c)) {
        const p = this.placement(t, r, c, red);
        if (p >= 0) out.push([`${name(t)}@${r},${c}:${red}`, p]);
      }
    }
    return out;
  }

  playable(t: number): boolean {
    return this.placementsOf(t).length > 0;
  }

  /** The tiles that may be placed now, in the engine's listing order. */
  candidates(): number[] {
    if (this.over) return [];
    if (this.mode === 'multi') {
      const hand = this.hands[this.toMove]!.slice().sort((a, b) => a - b);
      if (!this.starting) return hand;
      const best = Math.max(...hand.map((t) => sum(this.sides[t]!)));
      return hand.filter((t) => sum(this.sides[t]!) === best);
    }
    if (this.mode === 'reserve') return this.current >= 0 ? [this.current] : [];
    const tops = this.stacks.map((s) => (s.length ? s[0]! : -1));
    if (this.starting) return tops.filter((t) => t >= 0);
    // MT-10: among playable tops, those of the stacks with the most tiles left.
    let best = 0;
    for (let k = 0; k < 6; k++)
      if (tops[k]! >= 0 && this.playable(tops[k]!)) best = Math.max(best, this.stacks[k]!.length);
    return tops.filter((t, k) => t >= 0 && this.stacks[k]!.length === best && this.playable(t));
  }

  legal(): [string, number][] {
    return this.candidates().flatMap((t) => this.placementsOf(t));
  }

  private putTile(t: number, r: number, c: number, red: Dir): void {
    this.board.set(`${r},${c}`, this.facing(t, r, c, red));
    this.last = `${r},${c}`;
    this.placedCount++;
  }

  clone(): Model {
    const c = Object.create(Model.prototype) as Model;
    Object.assign(c, this);
    const w = c as unknown as Record<string, unknown>;
    w.board = new Map(this.board);
    w.hands = this.hands.map((h) => h.slice());
    w.pool = this.pool.slice();
    w.totals = this.totals.slice();
    w.roundLog = this.roundLog.slice();
    w.roundStart = this.roundStart.slice();
    w.reserve = this.reserve.slice();
    w.stacks = this.stacks.map((st) => st.slice());
    w.events = [];
    return c;
  }

  /** A key for the whole solitaire position: board, last tile, draws and stack heights. */
  key(): string {
    const cells = [...this.board.entries()].map(
      ([k, sd]) =>
        `${k}=${Object.values(sd)
          .map((x) => x.c + x.n)
          .join('')}`,
    );
    return `${cells.sort().join(' ')}|${this.last}|${this.pool.length}|${this.stacks.map((x) => x.length).join(',')}`;
  }

  /** Applies a placement; returns false (and changes nothing) when it is not legal. */
  apply(action: string): boolean {
    const m = /^T(\d+)@(-?\d+),(-?\d+):([TRBL])$/.exec(action);
    if (!m) return false;
    const entry = this.legal().find(([a]) => a === action);
    if (!entry) return false;
    const t = Number(m[1]) - 1;
    const seat = this.toMove;
    this.putTile(t, Number(m[2]), Number(m[3]), m[4] as Dir);
    this.starting = false;
    this.totals[seat]! += entry[1];
    if (this.mode === 'multi') {
      this.hands[seat] = this.hands[seat]!.filter((x) => x !== t);
      this.passes = 0;
      if (this.hands[seat].length === 0) this.endRound(seat);
      else this.turn((seat + 1) % this.players);
    } else if (this.mode === 'reserve') {
      if (this.fromReserve) this.reserve.pop();
      this.current = -1;
      this.resolveReserve();
    } else {
      for (const s of this.stacks) if (s[0] === t) s.shift();
      if (this.placedCount === this.sides.length) this.finish('won');
      else if (this.candidates().length === 0) this.finish('lost');
    }
    return true;
  }

  /** MT-5, MT-7: play if you can; else draw up to five until you can; else pass. */
  private turn(seat: number): void {
    for (;;) {
      if (this.hands[seat]!.some((t) => this.playable(t))) {
        this.toMove = seat;
        return;
      }
      let drewPlayable = false;
      while (this.hands[seat]!.length < 5 && this.pool.length > 0) {
        const t = this.pool.shift()!;
        this.hands[seat]!.push(t);
        this.events.push(`draw ${seat} ${name(t)}`);
        if (this.playable(t)) {
          drewPlayable = true;
          break;
        }
      }
      if (drewPlayable) {
        this.toMove = seat;
        return;
      }
      this.events.push(`pass ${seat}`);
      this.passes++;
      if (this.passes === this.players) {
        this.endRound(null);
        return;
      }
      seat = (seat + 1) % this.players;
    }
  }

  /** The next round's deal must be supplied by `deal` after this (the engine shuffles). */
  needsDeal = false;

  private endRound(winner: number | null): void {
    if (winner !== null)
      for (let s = 0; s < this.players; s++) if (s !== winner) this.totals[s]! -= 5 * this.hands[s]!.length;
    this.roundLog.push({ winner, points: this.totals.map((v, s) => v - this.roundStart[s]!) });
    if (this.roundLog.length >= this.rounds) {
      this.over = true;
      return;
    }
    this.round++;
    this.firstSeat = (this.firstSeat + 1) % this.players;
    this.needsDeal = true;
  }

  /** MT-9: the reserve's top before each draw; a drawn tile that fits must be played. */
  private resolveReserve(): void {
    for (;;) {
      if (this.placedCount === this.sides.length) return this.finish('won');
      const top = this.reserve[this.reserve.length - 1];
      if (top !== undefined && this.playable(top)) {
        this.current = top;
        this.fromReserve = true;
        return;
      }
      if (this.pool.length === 0) return this.finish('lost');
      const t = this.pool.shift()!;
      if (this.playable(t)) {
        this.current = t;
        this.fromReserve = false;
        return;
      }
      this.reserve.push(t);
    }
  }

  private finish(outcome: 'won' | 'lost'): void {
    this.over = true;
    this.outcome = outcome;
    this.current = -1;
  }
}
