/**
 * Peek, a toy game for testing the harness itself: small enough to read at once, yet with all
 * the harness checks for: hidden hands, a deck, chance outcomes in events, reveals, undo, saves.
 *
 * Nine cards c1..c9 are shuffled; each seat (2 or 3) gets two face down, the rest is the deck.
 * Seats act in turn, three turns each: `pass`, or `show <card>` to lay a card of one's own hand
 * face up on the table and score its number. A seat that shows its last card makes a new deal
 * in the same action: every card (the table's too) is shuffled and dealt again. Highest score
 * wins. `variant` makes one broken copy of it, each of which the harness must refuse.
 */
import type { EngineError, GameEvent, Json, JsonObject, Result, Seat, Viewer } from '../../src/index.ts';
import type { Game, GameResult, SetupConfig } from '../../src/index.ts';
import { Rng, checkSetupConfig, err, ok, rankByScore } from '../../src/index.ts';

export type PeekAction = { readonly type: 'pass' } | { readonly type: 'show'; readonly card: string };
export type PeekEvent =
  | { readonly type: 'dealt'; readonly deal: number; readonly cards?: readonly string[] }
  | { readonly type: 'shown'; readonly seat: Seat; readonly card: string }
  | { readonly type: 'passed'; readonly seat: Seat };
export interface PeekView {
  readonly hand: readonly string[] | null;
  readonly handSizes: readonly number[];
  readonly table: readonly string[];
  readonly deckSize: number;
  readonly scores: readonly number[];
  readonly turn: Seat;
}

export interface Peek {
  readonly players: number;
  rng: Rng;
  hands: string[][];
  table: string[];
  deck: string[];
  scores: number[];
  turn: Seat;
  actions: number;
  deals: number;
  /** Stacked chance outcomes (shared, never mutated) and how many are used. */
  readonly chance: readonly (readonly string[])[];
  used: number;
}

export type Variant =
  | 'sound'
  | 'leaky view'
  | 'leak in a set'
  | 'leaky event'
  | 'silent show'
  | 'peeking determinize'
  | 'quiet differs'
  | 'rejection moves the turn'
  | 'accepts junk'
  | 'miscounts actions'
  | 'keeps the chance queue'
  | 'nobody sees passes'
  | 'no card conservation'
  | 'interned actions only';

const CARDS = ['c1', 'c2', 'c3', 'c4', 'c5', 'c6', 'c7', 'c8', 'c9'];
const TURNS = 3;
const limit = (s: Peek) => s.players * TURNS;

const PASS: PeekAction = { type: 'pass' };
const SHOW = new Map<string, PeekAction>(CARDS.map((c) => [c, { type: 'show', card: c }]));
const interned = new Set<unknown>([PASS, ...SHOW.values()]);

const copy = (s: Peek): Peek => ({
  ...s,
  rng: s.rng.clone(),
  hands: s.hands.map((h) => h.slice()),
  table: s.table.slice(),
  deck: s.deck.slice(),
  scores: s.scores.slice(),
});

export function peek(variant: Variant = 'sound'): Game<Peek, PeekAction, PeekView, PeekEvent> {
  /** Shuffles every card and deals two to each seat; a stacked outcome replaces the draw. */
  function deal(s: Peek, events?: GameEvent<PeekEvent>[]): void {
    let order = s.rng.shuffle([...s.hands.flat(), ...s.table, ...s.deck].sort());
    const stacked = s.chance[s.used];
    if (stacked && variant !== 'keeps the chance queue') {
      s.used++;
      const listed = stacked.filter((c) => order.includes(c));
      order = [...listed, ...order.filter((c) => !listed.includes(c))];
    }
    s.hands = s.hands.map((_, k) => order.slice(2 * k, 2 * k + 2));
    s.deck = order.slice(2 * s.players);
    s.table = [];
    s.deals++;
    if (variant === 'no card conservation' && s.deals === 2) s.deck.pop();
    if (!events) return;
    const seats: Record<number, PeekEvent> = {};
    s.hands.forEach((h, k) => (seats[k] = { type: 'dealt', deal: s.deals, cards: h.slice() }));
    events.push({
      all: { type: 'dealt', deal: s.deals },
      seats,
      reveals: true,
      chance: order,
    });
  }

  function parse(action: unknown): PeekAction | null {
    if (typeof action !== 'object' || action === null) return null;
    const a = action as Record<string, unknown>;
    if (a.type === 'pass') return PASS;
    if (a.type === 'show' && typeof a.card === 'string') return SHOW.get(a.card) ?? null;
    return null;
  }

  const game: Game<Peek, PeekAction, PeekView, PeekEvent> = {
    meta: {
      id: 'peek',
      name: 'Peek',
      minPlayers: 2,
      maxPlayers: 3,
      defaultPlayers: 2,
      options: [],
      hiddenInformation: true,
      simultaneous: false,
      summary: 'A toy for testing the harness.',
      notation: 'Cards c1..c9.',
      boundaryEvents: [],
    },
    setup(config: SetupConfig, events?: GameEvent<PeekEvent>[]): Result<Peek> {
      const bad = checkSetupConfig(config);
      if (bad) return { ok: false, error: bad };
      if (config.players < 2 || config.players > 3) return err('invalid_players', 'Peek is for 2 or 3.');
      const s: Peek = {
        players: config.players,
        rng: Rng.fromSeed(config.seed),
        hands: Array.from({ length: config.players }, () => []),
        table: [],
        deck: CARDS.slice(),
        scores: new Array<number>(config.players).fill(0),
        turn: 0,
        actions: 0,
        deals: 0,
        chance: config.chance ?? (config.deck ? [config.deck] : []),
        used: 0,
      };
      deal(s, events);
      return ok(s);
    },
    players: (s) => s.players,
    phase: (s) => (s.actions >= limit(s) ? 'over' : 'play'),
    actionCount: (s) => (variant === 'miscounts actions' && s.deals > 1 ? s.actions + 1 : s.actions),
    describeTurn: (s) => (s.actions >= limit(s) ? 'Game over' : `Seat ${s.turn} to play`),
    toAct: (s) => (s.actions >= limit(s) ? [] : [s.turn]),
    legalActions(s, seat) {
      if (s.actions >= limit(s) || seat !== s.turn) return [];
      return [PASS, ...s.hands[seat]!.map((c) => SHOW.get(c)!)];
    },
    applyInPlace(s, seat, action, events): EngineError | null {
      const a = variant === 'interned actions only' && !interned.has(action) ? null : parse(action);
      if (!a) {
        if (variant === 'accepts junk' && action === null) return null;
        return { code: 'malformed_action', message: 'Not a Peek action.' };
      }
      if (s.actions >= limit(s)) return { code: 'game_over', message: 'The game is over.' };
      if (seat !== s.turn) return { code: 'not_your_turn', message: `Seat ${s.turn} is to play.` };
      const hand = s.hands[seat]!;
      if (a.type === 'show' && !hand.includes(a.card)) {
        if (variant === 'rejection moves the turn') s.turn = (s.turn + 1) % s.players;
        return { code: 'card_not_in_hand', message: `${a.card} is not in your hand.` };
      }
      if (a.type === 'pass') {
        if (variant !== 'nobody sees passes') events?.push({ all: { type: 'passed', seat } });
        else events?.push({ all: null });
      } else {
        hand.splice(hand.indexOf(a.card), 1);
        s.table.push(a.card);
        if (!(variant === 'quiet differs' && !events)) s.scores[seat]! += Number(a.card.slice(1));
        events?.push({
          all: { type: 'shown', seat, card: a.card },
          ...(variant === 'silent show' ? {} : { reveals: true as const }),
        });
        if (variant === 'leaky event' && s.deck.length > 0)
          events?.push({ all: { type: 'shown', seat, card: s.deck[0]! } });
      }
      s.actions++;
      s.turn = (s.turn + 1) % s.players;
      if (hand.length === 0) deal(s, events);
      return null;
    },
    clone: copy,
    isOver: (s) => s.actions >= limit(s),
    result: (s): GameResult | null => (s.actions >= limit(s) ? rankByScore(s.scores) : null),
    view(s, viewer: Viewer): PeekView {
      return {
        hand: viewer === null ? null : s.hands[viewer]!.slice(),
        handSizes: s.hands.map((h) => h.length),
        table: s.table.slice(),
        deckSize: s.deck.length,
        scores: s.scores.slice(),
        turn: s.turn,
        ...(variant === 'leaky view' && viewer === null ? { top: s.deck[0] ?? null } : {}),
        // Not JSON: a Set's cards are no values of its own, and JSON text turns it into {}.
        ...(variant === 'leak in a set' && viewer === null ? { top: new Set(s.deck.slice(0, 1)) } : {}),
      };
    },
    determinize(s, seat, rng) {
      const out = copy(s);
      // Sorted first, so that the sample depends only on which cards are unseen, not where.
      const unseen = [...s.hands.filter((_, k) => k !== seat).flat(), ...s.deck];
      if (variant !== 'peeking determinize') unseen.sort();
      rng.shuffle(unseen);
      let i = 0;
      out.hands = s.hands.map((h, k) => (k === seat ? h.slice() : h.map(() => unseen[i++]!)));
      out.deck = s.deck.map(() => unseen[i++]!);
      out.rng = rng.fork();
      return { ...out, chance: [], used: 0 };
    },
    formatAction: (a) => (a.type === 'pass' ? 'pass' : `show ${a.card}`),
    parseAction(text) {
      if (typeof text !== 'string') return err('malformed_action', 'An action is text.');
      const t = text.trim();
      if (t === 'pass') return ok(PASS);
      const m = /^show (c\d)$/.exec(t);
      const a = m ? SHOW.get(m[1]!) : undefined;
      return a ? ok(a) : err('malformed_action', `"${t}" is not a Peek action.`);
    },
    serialize(s): JsonObject {
      const left = s.chance.slice(s.used) as Json;
      return {
        game: 'peek',
        version: 1,
        players: s.players,
        rng: s.rng.state(),
        hands: s.hands,
        table: s.table,
        deck: s.deck,
        scores: s.scores,
        turn: s.turn,
        actions: s.actions,
        deals: s.deals,
        ...(s.used < s.chance.length ? { chance: left } : {}),
      };
    },
    deserialize(json): Result<Peek> {
      const j = json as Record<string, unknown> | null;
      if (typeof j !== 'object' || j === null || j.game !== 'peek' || !Rng.isState(j.rng))
        return err('invalid_state', 'Not a saved Peek state.');
      const s = JSON.parse(JSON.stringify(j)) as Omit<Peek, 'rng' | 'chance' | 'used'> & {
        chance?: string[][];
      };
      return ok({ ...s, rng: Rng.fromState(j.rng), chance: s.chance ?? [], used: 0 });
    },
    cards: (s) => [...s.hands.flat(), ...s.table, ...s.deck],
    hiddenCards: (s, viewer) => [...s.hands.filter((_, k) => k !== viewer).flat(), ...s.deck],
    candidateActions: () => [PASS, ...SHOW.values()],
    verify(s) {
      const all = [...s.hands.flat(), ...s.table, ...s.deck];
      if (new Set(all).size !== all.length) return { code: 'invalid_state', message: 'a card twice' };
      if (s.hands.some((h) => h.length > 2)) return { code: 'invalid_state', message: 'a hand too big' };
      return null;
    },
    maxActions: limit,
  };
  return game;
}
