/** MATCH!'s saved state: the JSON format, its versions and the validation of a save. */
import type { Json, JsonObject, Result } from '../../contract.ts';
import { err, ok } from '../../contract.ts';
import { numbers } from '../../lists.ts';
import { Rng } from '../../rng.ts';
import type { SaveMigration } from '../../saves.ts';
import { intList, invalidSave, savedFields } from '../../saves.ts';
import {
  CARD_NAMES,
  COLOUR_COUNT,
  COPIES,
  DECK_SIZE,
  KINDS,
  STACK_CAPACITY,
  WILD,
  colourOf,
  kindOfToken,
} from './cards.ts';
import { MAX_PLAYERS, MAX_TARGET, MIN_PLAYERS } from './setup.ts';
import { MAX_ROUNDS } from './play.ts';
import type { MatchState } from './state.ts';
import { PHASE_OVER, PHASE_PLAY, newState } from './state.ts';
import { verify } from './verify.ts';

/**
 * The save format's version. 1: the first format. 2: adds `actions` (the number of actions
 * applied since setup) and `chance` (recorded chance outcomes not yet imposed, when any are left).
 */
export const STATE_VERSION = 2;

/**
 * Version 1 did not count the actions of earlier rounds; its log holds the current round's turns,
 * so a migrated save counts from the start of that round.
 */
const MIGRATIONS: Readonly<Record<number, SaveMigration>> = {
  1: (v1) => {
    if (!Array.isArray(v1.log)) return 'it has no turn log';
    return { ...v1, version: 2, actions: v1.log.length };
  },
};

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

const isChanceQueue = (v: unknown): v is string[][] =>
  Array.isArray(v) && v.every((order) => Array.isArray(order) && order.every((c) => typeof c === 'string'));

/**
 * Saved state, version 2. Card lists are text in card notation: `hands` one string per seat,
 * `collections` one string per seat with the five stacks (r, y, g, b, p; bottom first) separated
 * by "/", `pile` and `deck` bottom first (the deck's last card is drawn next). `log` is this
 * round's public turns as numbers (seat | type << 4 | argument << 8); `actions` counts every
 * action since setup; `chance`, present only while some are left, the recorded outcomes still to
 * be imposed on the coming shuffles.
 */
export function serialize(s: MatchState): JsonObject {
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
  const out: JsonObject = {
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
    totals: numbers(s.totals),
    roundScores: s.roundScores.slice(),
    roundEnders: s.roundEnders.slice(),
    log: numbers(s.log, 0, s.logLen),
    actions: s.actions,
    rng: s.rng.state(),
  };
  if (s.rounds > 0) out.rounds = s.rounds;
  if (s.key !== null) {
    out.key = s.key;
    out.reshuffles = s.reshuffles;
  }
  if (s.chance !== null && s.chanceAt < s.chance.length)
    out.chance = s.chance.slice(s.chanceAt).map((order) => order.slice());
  return out;
}

/** A saved state of this or an older version, validated down to the history of the round. */
export function deserialize(json: unknown): Result<MatchState> {
  const bad = invalidSave('MATCH!');
  const j = savedFields(json, 'match', STATE_VERSION, MIGRATIONS);
  if (typeof j === 'string') return bad(j);
  const ints = intList;
  const players = j.players;
  if (
    typeof players !== 'number' ||
    !Number.isInteger(players) ||
    players < MIN_PLAYERS ||
    players > MAX_PLAYERS
  )
    return bad('players');
  for (const f of ['target', 'firstPlayer', 'round', 'starter', 'toPlay', 'actions'] as const) {
    if (typeof j[f] !== 'number' || !Number.isInteger(j[f])) return bad(f);
  }
  if (j.phase !== 'play' && j.phase !== 'over') return bad('phase');
  const seatOk = (x: number) => x >= 0 && x < players;
  if (!seatOk(j.firstPlayer as number) || !seatOk(j.starter as number) || !seatOk(j.toPlay as number))
    return bad('seats');
  if ((j.target as number) < 1 || (j.target as number) > MAX_TARGET || (j.round as number) < 1)
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
  const chance = j.chance ?? [];
  if (!isChanceQueue(chance)) return bad('chance');
  const s = newState(players, j.target as number, j.firstPlayer as number, Rng.fromState(j.rng));
  const extra = keyedFields(j);
  if (typeof extra === 'string') return bad(extra);
  Object.assign(s, extra);
  s.phase = j.phase === 'over' ? PHASE_OVER : PHASE_PLAY;
  s.round = j.round as number;
  s.starter = j.starter as number;
  s.toPlay = j.toPlay as number;
  s.actions = j.actions as number;
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
  if (chance.length > 0) s.chance = chance.map((order) => order.slice());
  const problem = verify(s);
  return problem ? err('invalid_state', `Not a consistent MATCH! state: ${problem.message}`) : ok(s);
}

/** The fields of MA-X6 (absent from older saves): the round limit and the keyed chance. */
function keyedFields(j: Record<string, unknown>): Pick<MatchState, 'rounds' | 'key' | 'reshuffles'> | string {
  const rounds = j.rounds ?? 0;
  const reshuffles = j.reshuffles ?? 0;
  const key = j.key ?? null;
  if (typeof rounds !== 'number' || !Number.isInteger(rounds) || rounds < 0 || rounds > MAX_ROUNDS)
    return 'rounds';
  if (typeof reshuffles !== 'number' || !Number.isInteger(reshuffles) || reshuffles < 0) return 'reshuffles';
  if (key !== null && typeof key !== 'string') return 'key';
  return { rounds, key, reshuffles };
}
