/**
 * MATCH! on the engine contract.
 *
 * Rules in brief (our words; sheet 002 and rulings MA-1..MA-12):
 * - 64 cards: values 0..5 in red, yellow, green, blue and purple, two of each, and 4 wildcards
 *   (MA-1). 2-8 players (MA-2).
 * - Each round: shuffle everything, deal 5 cards each, turn one up as the discard pile; a wildcard
 *   turned up goes back and the deck is reshuffled (MA-3).
 * - The target is the top of the pile, or the card declared with a wildcard on top (MA-4, MA-7).
 *   A card matches it with the same colour or the same number; a wildcard matches anything.
 * - On your turn either discard one matching card from your hand or from the top of one of your
 *   collection stacks (no draw), or put one non-matching card from your hand on the stack of its
 *   colour and draw (MA-5). Wildcards are only ever discarded from hand, with a declaration.
 * - If a stack top of yours matches the target, you may not collect (MA-6).
 * - An empty deck is refilled from the discard pile under its top; if there is nothing to refill
 *   it with, a Collect draws nothing (MA-8).
 * - The round ends when the mover's hand is empty (MA-9). Everyone scores all collected cards
 *   minus the cards in hand, a wildcard counting 10 (MA-10). At 50 points (option `target`) the
 *   game ends and the highest total wins, ties shared; otherwise whoever ended the round starts
 *   the next (MA-11). Hands and deck are hidden, everything else is public (MA-12).
 * - Matchbox ruling MA-X1: safety caps on turns per round and rounds per game (see play.ts).
 */
import type {
  EngineError,
  EventRecord,
  Game,
  Json,
  JsonObject,
  Result,
  Seat,
  SetupConfig,
  Viewer,
} from '../../contract.ts';
import { engineError, err, ok } from '../../contract.ts';
import { resolveOptions } from '../../options.ts';
import { rankByScore } from '../../ranking.ts';
import { Rng } from '../../rng.ts';
import { intList, invalidSave, savedFields } from '../../saves.ts';
import {
  CARD_NAMES,
  COLOURS,
  COLOUR_COUNT,
  COPIES,
  DECK_SIZE,
  KINDS,
  MATCH_MASK,
  NUMBER_KINDS,
  NUMBER_MASK,
  STACK_CAPACITY,
  VALUES,
  WILD,
  WILD_BIT,
  colourOf,
  kindOf,
  kindOfToken,
  parseCard,
  parseColour,
  valueOf,
} from './cards.ts';
import { checkRoundHistory, determinize } from './knowledge.ts';
import {
  HAND_SIZE,
  MAX_ROUNDS,
  MAX_TURNS,
  applyCollect,
  applyDiscard,
  applyStack,
  applyWild,
  collectionMatches,
  dealRound,
  declarationJson,
  handTokens,
} from './play.ts';
import type { MatchState } from './state.ts';
import { PHASE_OVER, PHASE_PLAY, cloneState, newState } from './state.ts';

export type MatchAction =
  | { readonly type: 'discard'; readonly card: string }
  | { readonly type: 'discardStack'; readonly colour: string }
  | { readonly type: 'collect'; readonly card: string }
  | { readonly type: 'wild'; readonly colour: string; readonly value: number };

/**
 * Interned action objects: legal-action lists allocate only the array. Each is frozen and carries
 * its decoded form under a private symbol (invisible to JSON), so applying one skips parsing.
 */
const DECODED = Symbol('match.decoded');
type Decoded = { readonly [DECODED]?: number };
const A_DISCARD = 0;
const A_COLLECT = 1;
const A_STACK = 2;
const A_WILD = 3;
function intern(action: MatchAction, kind: number, arg: number): MatchAction {
  Object.defineProperty(action, DECODED, { value: kind | (arg << 2), enumerable: false });
  return Object.freeze(action);
}
const DISCARD: readonly MatchAction[] = CARD_NAMES.map((card, k) =>
  intern({ type: 'discard', card }, A_DISCARD, k),
);
const COLLECT: readonly MatchAction[] = CARD_NAMES.map((card, k) =>
  intern({ type: 'collect', card }, A_COLLECT, k),
);
const STACK: readonly MatchAction[] = COLOURS.map((colour, c) =>
  intern({ type: 'discardStack', colour }, A_STACK, c),
);
const WILDS: readonly MatchAction[] = Array.from({ length: NUMBER_KINDS }, (_, k) =>
  intern({ type: 'wild', colour: COLOURS[colourOf(k)]!, value: valueOf(k) }, A_WILD, k),
);

const OPTIONS = [
  {
    name: 'target',
    type: 'integer',
    default: 50,
    min: 1,
    max: 1000,
    description: 'The game ends after a round in which someone reaches this total (MA-11: 50).',
  },
  {
    name: 'firstPlayer',
    type: 'integer',
    default: 0,
    min: 0,
    max: 7,
    description: 'The seat that starts the first round (MA-11).',
  },
] as const;

const STATE_VERSION = 1;

function setup(config: SetupConfig): Result<MatchState> {
  const { players } = config;
  if (!Number.isInteger(players) || players < 2 || players > 8) {
    return err('invalid_players', 'MATCH! is for 2 to 8 players (MA-2).');
  }
  const resolved = resolveOptions(OPTIONS, config.options);
  if (!resolved.ok) return resolved;
  const goal = resolved.value.target as number;
  const firstPlayer = resolved.value.firstPlayer as number;
  if (firstPlayer >= players)
    return err('invalid_option', `firstPlayer must be a seat from 0 to ${players - 1}.`);
  let order: number[] | undefined;
  if (config.deck !== undefined) {
    const parsed = parseDeck(config.deck);
    if (!parsed.ok) return parsed;
    order = parsed.value;
  }
  const s = newState(players, goal, firstPlayer, Rng.fromSeed(config.seed));
  dealRound(s, order);
  return ok(s);
}

/**
 * A stacked deck for the first round, in dealing order: the first 5 cards go to the starting
 * player, the next 5 to the seat after, and so on; the next card is turned up; the rest are the
 * deck from the top down. Any cards not listed are shuffled below the listed ones. Copies may be
 * listed up to the number in the game (2 per number card, 4 wildcards). Later rounds are shuffled.
 */
function parseDeck(deck: readonly string[]): Result<number[]> {
  if (!Array.isArray(deck)) return err('invalid_deck', 'A deck must be a list of cards.');
  const left = COPIES.slice();
  const out: number[] = [];
  for (const text of deck) {
    const c = typeof text === 'string' ? parseCard(text) : -1;
    if (c < 0) return err('invalid_deck', `"${String(text)}" is not a MATCH! card (e.g. r3, p0, W).`);
    if (left[c]! === 0)
      return err('invalid_deck', `The deck lists ${CARD_NAMES[c]} more often than the game has it.`);
    left[c]!--;
    out.push(c);
  }
  return ok(out);
}

const toAct = (s: MatchState): Seat[] => (s.phase === PHASE_OVER ? [] : [s.toPlay]);

/**
 * Legal actions in a fixed order: matching hand discards, matching stack tops, wildcard
 * declarations (30, if a wildcard is held), then collects (only when no stack top matches).
 * Two copies of a card in hand give one action.
 */
function legalActions(s: MatchState, seat: Seat): MatchAction[] {
  const out: MatchAction[] = [];
  if (s.phase === PHASE_OVER || seat !== s.toPlay) return out;
  const m = MATCH_MASK[s.target]!;
  const hand = s.handMask[seat]!;
  for (let b = hand & m & NUMBER_MASK; b !== 0; b &= b - 1) out.push(DISCARD[31 - Math.clz32(b & -b)]!);
  const tops = s.topMask[seat]! & m;
  if (tops !== 0) {
    for (let c = 0; c < COLOUR_COUNT; c++) if ((tops >>> (c * VALUES)) & 63) out.push(STACK[c]!);
  }
  if (hand & WILD_BIT) for (let k = 0; k < NUMBER_KINDS; k++) out.push(WILDS[k]!);
  if (tops === 0) {
    for (let b = hand & ~m & NUMBER_MASK; b !== 0; b &= b - 1) out.push(COLLECT[31 - Math.clz32(b & -b)]!);
  }
  return out;
}

const cardOfAction = (v: unknown): number => {
  if (typeof v !== 'string') return -1;
  const k = kindOfToken(v);
  return k >= 0 ? k : parseCard(v);
};

function applyInPlace(
  s: MatchState,
  seat: Seat,
  action: unknown,
  events?: EventRecord[],
): EngineError | null {
  if (!Number.isInteger(seat) || seat < 0 || seat >= s.players) {
    return engineError('invalid_seat', `Seats are numbered 0 to ${s.players - 1}.`);
  }
  if (s.phase === PHASE_OVER) return engineError('game_over', 'The game is over.');
  if (typeof action !== 'object' || action === null) {
    return engineError('malformed_action', 'An action is an object like {"type":"discard","card":"r3"}.');
  }
  const decoded = (action as Decoded)[DECODED];
  if (decoded !== undefined) {
    // An interned action: already validated when it was built.
    if (seat !== s.toPlay) return notYourTurn(s);
    const arg = decoded >> 2;
    switch (decoded & 3) {
      case A_DISCARD:
        return applyDiscard(s, seat, arg, events);
      case A_COLLECT:
        return applyCollect(s, seat, arg, events);
      case A_STACK:
        return applyStack(s, seat, arg, events);
      default:
        return applyWild(s, seat, arg, events);
    }
  }
  const a = action as { type?: unknown; card?: unknown; colour?: unknown; value?: unknown };
  switch (a.type) {
    case 'discard':
    case 'collect': {
      const kind = cardOfAction(a.card);
      if (kind < 0) {
        return engineError('malformed_action', `A ${a.type} action needs a "card" such as "r3".`);
      }
      if (seat !== s.toPlay) return notYourTurn(s);
      return a.type === 'discard' ? applyDiscard(s, seat, kind, events) : applyCollect(s, seat, kind, events);
    }
    case 'discardStack': {
      const colour = typeof a.colour === 'string' ? parseColour(a.colour) : -1;
      if (colour < 0) {
        return engineError('malformed_action', 'A discardStack action needs a "colour": r, y, g, b or p.');
      }
      if (seat !== s.toPlay) return notYourTurn(s);
      return applyStack(s, seat, colour, events);
    }
    case 'wild': {
      if (a.colour === undefined || a.value === undefined) {
        return engineError(
          'declaration_required',
          'A wildcard is discarded with a declared colour and number, e.g. "wild r3" (MA-7).',
        );
      }
      const colour = typeof a.colour === 'string' ? parseColour(a.colour) : -1;
      const value = a.value;
      if (
        colour < 0 ||
        typeof value !== 'number' ||
        !Number.isInteger(value) ||
        value < 0 ||
        value >= VALUES
      ) {
        return engineError(
          'invalid_declaration',
          'Declare one colour (r, y, g, b, p) and one number from 0 to 5, e.g. "wild r3".',
        );
      }
      if (seat !== s.toPlay) return notYourTurn(s);
      return applyWild(s, seat, kindOf(colour, value), events);
    }
    default:
      return engineError(
        'malformed_action',
        'Unknown action type; MATCH! actions are "discard", "discardStack", "collect" and "wild".',
      );
  }
}

const notYourTurn = (s: MatchState): EngineError =>
  engineError('not_your_turn', `It is seat ${s.toPlay}'s turn.`);

function result(s: MatchState) {
  return s.phase === PHASE_OVER ? rankByScore(Array.from(s.totals)) : null;
}

function collectionJson(s: MatchState, seat: Seat): JsonObject {
  const out: JsonObject = {};
  for (let c = 0; c < COLOUR_COUNT; c++) {
    const slot = seat * COLOUR_COUNT + c;
    const cards: Json[] = [];
    for (let i = 0; i < s.stackLen[slot]!; i++) cards.push(CARD_NAMES[s.stacks[slot * STACK_CAPACITY + i]!]!);
    out[COLOURS[c]!] = cards;
  }
  return out;
}

function collectionPoints(s: MatchState, seat: Seat): number {
  let p = 0;
  for (let c = 0; c < COLOUR_COUNT; c++) {
    const slot = seat * COLOUR_COUNT + c;
    for (let i = 0; i < s.stackLen[slot]!; i++) p += valueOf(s.stacks[slot * STACK_CAPACITY + i]!);
  }
  return p;
}

function view(s: MatchState, viewer: Viewer): JsonObject {
  const n = s.players;
  const over = s.phase === PHASE_OVER;
  const pile: Json[] = [];
  for (let i = 0; i < s.pileLen; i++) pile.push(CARD_NAMES[s.pile[i]!]!);
  const rounds: Json[] = [];
  for (let r = 0; r < s.roundEnders.length; r++) {
    rounds.push({ round: r + 1, endedBy: s.roundEnders[r]!, scores: s.roundScores.slice(r * n, r * n + n) });
  }
  const collections: Json[] = [];
  const points: Json[] = [];
  for (let seat = 0; seat < n; seat++) {
    collections.push(collectionJson(s, seat));
    points.push(collectionPoints(s, seat));
  }
  const last = s.logLen > 0 ? s.log[s.logLen - 1]! : -1;
  const v: JsonObject = {
    game: 'match',
    players: n,
    viewer,
    phase: over ? 'over' : 'play',
    round: s.round,
    targetScore: s.goal,
    starter: s.starter,
    toAct: toAct(s),
    turn: s.logLen,
    target: declarationJson(s.target),
    wildOnTop: s.declared >= 0,
    forcedDiscard: !over && collectionMatches(s, s.toPlay),
    pile,
    deckSize: s.deckLen,
    handSizes: Array.from(s.handSize),
    collections,
    collectionPoints: points,
    totals: Array.from(s.totals),
    rounds,
    lastTurn: last < 0 ? null : { seat: last & 15, action: formatLogEntry(s, last) },
  };
  if (viewer !== null && viewer >= 0 && viewer < n) v.myHand = handTokens(s, viewer);
  return v;
}

/** The last turn as action text ("collect g5"); a stack discard names the card it moved. */
function formatLogEntry(s: MatchState, e: number): string {
  const type = (e >> 4) & 15;
  const arg = e >> 8;
  switch (type) {
    case 0:
      return `discard ${CARD_NAMES[arg]!}`;
    case 1:
      return `discard stack:${COLOURS[arg]!} (${CARD_NAMES[s.pile[s.pileLen - 1]!]!})`;
    case 2:
      return `collect ${CARD_NAMES[arg]!}`;
    default:
      return `wild ${CARD_NAMES[arg]!}`;
  }
}

function formatAction(a: MatchAction): string {
  switch (a.type) {
    case 'discard':
      return `discard ${a.card}`;
    case 'collect':
      return `collect ${a.card}`;
    case 'discardStack':
      return `discard stack:${a.colour}`;
    case 'wild':
      return `wild ${a.colour}${a.value}`;
  }
}

/**
 * Parses "discard r3", "collect g5", "discard stack:b" (also "stack b", "take b") and "wild r3"
 * (a wildcard declaring red 3). A bare card ("r3") means discard it.
 */
function parseAction(text: string): Result<MatchAction> {
  const t = text.trim().toLowerCase().replace(/\s+/g, ' ');
  const fail = () =>
    err(
      'malformed_action',
      `"${text}" is not a MATCH! action: write "discard r3", "discard stack:b", "collect g5" or "wild r3".`,
    );
  const stack = /^(?:discard |play )?(?:stack|take)[: ]?([a-z]+)$/.exec(t);
  if (stack) {
    const c = parseColour(stack[1]!);
    return c >= 0 ? ok(STACK[c]!) : fail();
  }
  const wild = /^(?:(?:discard |play )?(?:w|wild|wildcard) ?)([a-z]+) ?(\d)$/.exec(t);
  if (wild) {
    const c = parseColour(wild[1]!);
    const v = Number(wild[2]);
    return c >= 0 && v < VALUES ? ok(WILDS[kindOf(c, v)]!) : fail();
  }
  const collect = /^(?:collect|c) (\S+)$/.exec(t);
  if (collect) {
    const k = parseCard(collect[1]!);
    return k >= 0 ? ok(COLLECT[k]!) : fail();
  }
  const discard = /^(?:(?:discard|play|d) )?(\S+)$/.exec(t);
  if (discard) {
    const k = parseCard(discard[1]!);
    return k >= 0 ? ok(DISCARD[k]!) : fail();
  }
  return fail();
}

/** Cards as text: tokens separated by spaces (compact, readable, and quick to stringify). */
function cardsText(list: ArrayLike<number>, from: number, to: number): string {
  let out = '';
  for (let i = from; i < to; i++) out += i === from ? CARD_NAMES[list[i]!]! : ' ' + CARD_NAMES[list[i]!]!;
  return out;
}

function parseCardsText(text: unknown): number[] | null {
  if (typeof text !== 'string') return null;
  if (text === '') return [];
  const out: number[] = [];
  for (const token of text.split(' ')) {
    const k = kindOfToken(token);
    if (k < 0) return null;
    out.push(k);
  }
  return out;
}

/**
 * Saved state, version 1. Card lists are text in card notation: `hands` one string per seat,
 * `collections` one string per seat with the five stacks (r, y, g, b, p; bottom first) separated
 * by "/", `pile` and `deck` bottom first (the deck's last card is drawn next). `log` is this
 * round's public turns as numbers (seat | type << 4 | argument << 8).
 */
function serialize(s: MatchState): JsonObject {
  const n = s.players;
  const hands: Json[] = [];
  const collections: Json[] = [];
  for (let seat = 0; seat < n; seat++) {
    let h = '';
    for (let k = 0; k < KINDS; k++) {
      for (let j = s.hands[seat * KINDS + k]!; j > 0; j--)
        h += h === '' ? CARD_NAMES[k]! : ' ' + CARD_NAMES[k]!;
    }
    hands.push(h);
    let c = '';
    for (let colour = 0; colour < COLOUR_COUNT; colour++) {
      const slot = seat * COLOUR_COUNT + colour;
      if (colour > 0) c += '/';
      c += cardsText(s.stacks, slot * STACK_CAPACITY, slot * STACK_CAPACITY + s.stackLen[slot]!);
    }
    collections.push(c);
  }
  return {
    game: 'match',
    version: STATE_VERSION,
    players: n,
    target: s.goal,
    firstPlayer: s.firstPlayer,
    phase: s.phase === PHASE_OVER ? 'over' : 'play',
    round: s.round,
    starter: s.starter,
    toPlay: s.toPlay,
    upcard: CARD_NAMES[s.upcard]!,
    hands,
    collections,
    pile: cardsText(s.pile, 0, s.pileLen),
    declared: s.declared >= 0 ? CARD_NAMES[s.declared]! : null,
    deck: cardsText(s.deck, 0, s.deckLen),
    totals: Array.from(s.totals),
    roundScores: s.roundScores.slice(),
    roundEnders: s.roundEnders.slice(),
    log: Array.from(s.log.subarray(0, s.logLen)),
    rng: s.rng.state(),
  };
}

function deserialize(json: unknown): Result<MatchState> {
  const bad = invalidSave('MATCH!');
  const j = savedFields(json, 'match', STATE_VERSION);
  if (typeof j === 'string') return bad(j);
  const ints = intList;
  const players = j.players;
  if (typeof players !== 'number' || !Number.isInteger(players) || players < 2 || players > 8)
    return bad('players');
  for (const f of ['target', 'firstPlayer', 'round', 'starter', 'toPlay'] as const) {
    if (typeof j[f] !== 'number' || !Number.isInteger(j[f])) return bad(f);
  }
  if (j.phase !== 'play' && j.phase !== 'over') return bad('phase');
  const seatOk = (x: number) => x >= 0 && x < players;
  if (!seatOk(j.firstPlayer as number) || !seatOk(j.starter as number) || !seatOk(j.toPlay as number))
    return bad('seats');
  const maxTarget = OPTIONS[0].max;
  if ((j.target as number) < 1 || (j.target as number) > maxTarget || (j.round as number) < 1)
    return bad('target or round');
  const totals = ints(j.totals, players);
  const roundScores = ints(j.roundScores);
  const roundEnders = ints(j.roundEnders);
  const log = ints(j.log);
  const deck = parseCardsText(j.deck);
  const pile = parseCardsText(j.pile);
  const upcard = typeof j.upcard === 'string' ? kindOfToken(j.upcard) : -1;
  if (!totals || !roundScores || !roundEnders || !log) return bad('number lists');
  if (!deck || deck.length > DECK_SIZE) return bad('deck');
  if (!pile || pile.length === 0 || pile.length > DECK_SIZE) return bad('pile');
  if (upcard < 0) return bad('upcard');
  if (!Array.isArray(j.hands) || j.hands.length !== players) return bad('hands');
  if (!Array.isArray(j.collections) || j.collections.length !== players) return bad('collections');
  if (!Rng.isState(j.rng)) return bad('rng');
  const s = newState(players, j.target as number, j.firstPlayer as number, Rng.fromState(j.rng));
  s.phase = j.phase === 'over' ? PHASE_OVER : PHASE_PLAY;
  s.round = j.round as number;
  s.starter = j.starter as number;
  s.toPlay = j.toPlay as number;
  s.upcard = upcard;
  for (let seat = 0; seat < players; seat++) {
    const hand = parseCardsText(j.hands[seat]);
    if (!hand || hand.length > DECK_SIZE) return bad('hands');
    for (const k of hand) {
      if (s.hands[seat * KINDS + k]! >= COPIES[k]!) return bad('hands');
      s.hands[seat * KINDS + k]!++;
      s.handMask[seat]! |= 1 << k;
    }
    s.handSize[seat] = hand.length;
    const text: unknown = j.collections[seat];
    const parts = typeof text === 'string' ? text.split('/') : [];
    if (parts.length !== COLOUR_COUNT) return bad('collections');
    for (let colour = 0; colour < COLOUR_COUNT; colour++) {
      const st = parseCardsText(parts[colour]);
      if (!st || st.length > STACK_CAPACITY || !st.every((k) => k < WILD && colourOf(k) === colour))
        return bad('collections');
      const slot = seat * COLOUR_COUNT + colour;
      s.stacks.set(st, slot * STACK_CAPACITY);
      s.stackLen[slot] = st.length;
      if (st.length > 0) s.topMask[seat]! |= 1 << st[st.length - 1]!;
    }
  }
  s.deck.set(deck);
  s.deckLen = deck.length;
  s.pile.set(pile);
  s.pileLen = pile.length;
  if (j.declared !== null) {
    const d = typeof j.declared === 'string' ? kindOfToken(j.declared) : -1;
    if (d < 0 || d === WILD) return bad('declared');
    s.declared = d;
  }
  s.target = s.declared >= 0 ? s.declared : pile[pile.length - 1]!;
  if (s.target === WILD) return bad('a wildcard on top needs a declaration');
  s.totals.set(totals);
  s.roundScores = roundScores.slice();
  s.roundEnders = roundEnders.slice();
  s.log = new Int32Array(Math.max(64, log.length));
  s.log.set(log);
  s.logLen = log.length;
  const problem = verify(s);
  return problem ? err('invalid_state', `Not a consistent MATCH! state: ${problem.message}`) : ok(s);
}

/** All 64 cards, wherever they are: hands, collections, the discard pile, the deck. */
function cards(s: MatchState): string[] {
  const out: string[] = [];
  for (let seat = 0; seat < s.players; seat++) for (const c of handTokens(s, seat)) out.push(c);
  for (let slot = 0; slot < s.players * COLOUR_COUNT; slot++) {
    for (let i = 0; i < s.stackLen[slot]!; i++) out.push(CARD_NAMES[s.stacks[slot * STACK_CAPACITY + i]!]!);
  }
  for (let i = 0; i < s.pileLen; i++) out.push(CARD_NAMES[s.pile[i]!]!);
  for (let i = 0; i < s.deckLen; i++) out.push(CARD_NAMES[s.deck[i]!]!);
  return out;
}

/** MA-12: other seats' hands and the deck are hidden; collections and the pile are public. */
function hiddenCards(s: MatchState, viewer: Viewer): string[] {
  const out: string[] = [];
  for (let seat = 0; seat < s.players; seat++) {
    if (seat !== viewer) for (const c of handTokens(s, seat)) out.push(c);
  }
  for (let i = 0; i < s.deckLen; i++) out.push(CARD_NAMES[s.deck[i]!]!);
  return out;
}

/** Every action shape for the seat to play; one of each kind for the others (all not their turn). */
function candidateActions(s: MatchState, seat: Seat): MatchAction[] {
  if (s.phase === PHASE_OVER || seat !== s.toPlay) return [DISCARD[0]!, STACK[0]!, COLLECT[0]!, WILDS[0]!];
  return [...DISCARD, ...STACK, ...COLLECT, ...WILDS];
}

function verify(s: MatchState): EngineError | null {
  const bad = (why: string) => engineError('bad_state', why);
  const n = s.players;
  const count = new Int32Array(KINDS);
  for (let seat = 0; seat < n; seat++) {
    let size = 0;
    let mask = 0;
    for (let k = 0; k < KINDS; k++) {
      const c = s.hands[seat * KINDS + k]!;
      count[k]! += c;
      size += c;
      if (c > 0) mask |= 1 << k;
    }
    if (size !== s.handSize[seat] || mask !== s.handMask[seat])
      return bad(`Seat ${seat}'s hand is out of step.`);
    let tops = 0;
    for (let c = 0; c < COLOUR_COUNT; c++) {
      const slot = seat * COLOUR_COUNT + c;
      const len = s.stackLen[slot]!;
      for (let i = 0; i < len; i++) {
        const k = s.stacks[slot * STACK_CAPACITY + i]!;
        if (k >= WILD || colourOf(k) !== c) return bad(`Seat ${seat} has a card on the wrong stack.`);
        count[k]!++;
      }
      if (len > 0) tops |= 1 << s.stacks[slot * STACK_CAPACITY + len - 1]!;
    }
    if (tops !== s.topMask[seat]) return bad(`Seat ${seat}'s stack tops are out of step.`);
  }
  for (let i = 0; i < s.pileLen; i++) count[s.pile[i]!]!++;
  for (let i = 0; i < s.deckLen; i++) count[s.deck[i]!]!++;
  for (let k = 0; k < KINDS; k++) {
    if (count[k] !== COPIES[k])
      return bad(`Cards are not conserved: ${CARD_NAMES[k]} appears ${count[k]} times.`);
  }
  if (s.pileLen < 1) return bad('The discard pile is empty.');
  const top = s.pile[s.pileLen - 1]!;
  if ((top === WILD) !== s.declared >= 0)
    return bad('A declaration exists exactly while a wildcard is on top.');
  if (s.target !== (top === WILD ? s.declared : top)) return bad('The target is not the top card.');
  if (s.round < 1 || s.round > MAX_ROUNDS) return bad('Round number out of range.');
  const finished = s.phase === PHASE_OVER ? s.round : s.round - 1;
  if (s.roundEnders.length !== finished || s.roundScores.length !== finished * n)
    return bad('The round history does not match the round number.');
  for (let seat = 0; seat < n; seat++) {
    let sum = 0;
    for (let r = 0; r < finished; r++) sum += s.roundScores[r * n + seat]!;
    if (sum !== s.totals[seat]) return bad(`Seat ${seat}'s total is not the sum of its rounds.`);
  }
  if (s.phase === PHASE_PLAY) {
    for (let seat = 0; seat < n; seat++) {
      if (s.totals[seat]! >= s.goal) return bad('The game should have ended.');
      if (s.handSize[seat] === 0) return bad(`Seat ${seat} has an empty hand but the round goes on.`);
    }
    if (s.logLen >= MAX_TURNS) return bad('The round is past its turn limit.');
  }
  return checkRoundHistory(s);
}

export const match: Game<MatchState, MatchAction> = {
  meta: {
    id: 'match',
    name: 'MATCH!',
    minPlayers: 2,
    maxPlayers: 8,
    defaultPlayers: 4,
    options: OPTIONS,
    hiddenInformation: true,
    simultaneous: false,
    summary: 'Shed cards onto the pile or collect the ones that do not match; first to 50 points.',
    notation:
      'Cards: colour + value, colours r (red), y (yellow), g (green), b (blue), p (purple), values 0..5 (r3, p0), wildcard W. ' +
      'Actions: "discard r3" (from hand), "discard stack:b" (top of your blue stack), "collect g5", "wild r3" (wildcard declaring red 3).',
  },
  setup,
  toAct,
  legalActions,
  applyInPlace,
  clone: cloneState,
  isOver: (s) => s.phase === PHASE_OVER,
  result,
  view,
  determinize,
  formatAction,
  parseAction,
  serialize,
  deserialize,
  cards,
  hiddenCards,
  candidateActions,
  verify,
  maxActions: () => MAX_TURNS * MAX_ROUNDS,
};

export { HAND_SIZE };
