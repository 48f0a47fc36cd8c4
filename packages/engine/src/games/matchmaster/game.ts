/**
 * MatchMaster on the engine contract.
 *
 * Rules in brief (our words; sheets 000/001 and rulings MM-1..MM-10):
 * - 2-7 players, 52 cards in four suits ranked 1..13; dark orange is always trump (MM-1).
 * - 13 hands of 7,6,5,4,3,2,1,2,3,4,5,6,7 cards, freshly shuffled each time; undealt cards play no
 *   part (MM-2). Seat 0 deals first by default; the seat after the dealer leads; the deal passes
 *   on each hand (MM-3).
 * - Everyone bids 0..hand size at once and in secret; bids are revealed together (MM-4).
 * - The trick winner leads next (MM-5). Follow a non-trump led suit if you can; otherwise trump,
 *   beating the highest trump in the trick if you can (MM-6). When trump is led, beat the highest
 *   trump so far if you can, else play any trump (MM-7). Highest trump wins, else highest of the
 *   led suit (MM-8).
 * - Exact bid: 10 + tricks; otherwise minus the difference (MM-9). After the last hand the highest
 *   total wins; ties share the win (MM-10).
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
  DECK_SIZE,
  FULL_SUIT,
  RANKS,
  cardsOfMasks,
  parseCard,
  popcount,
  rankOf,
  suitOf,
} from './cards.ts';
import { checkHandHistory, determinize } from './knowledge.ts';
import { applyBid, applyPlay, dealHand, handCards, handCount, legalMasks } from './play.ts';
import { STANDARD_HAND_SIZES, handPoints } from './rules.ts';
import type { MatchMasterState } from './state.ts';
import { PHASE_BID, PHASE_OVER, PHASE_PLAY, cloneState, handSizeOf } from './state.ts';

export type MatchMasterAction =
  { readonly type: 'bid'; readonly bid: number } | { readonly type: 'play'; readonly card: string };

/** Interned action objects: legal-action lists allocate only the array. */
const CARD_INDEX = Symbol('card index');
const PLAY_ACTIONS: readonly MatchMasterAction[] = CARD_NAMES.map((card, index) =>
  // The card index rides along, hidden from JSON, so that apply need not parse interned actions.
  Object.freeze(
    Object.defineProperty({ type: 'play' as const, card }, CARD_INDEX, { value: index, enumerable: false }),
  ),
);
const BID_ACTIONS: readonly MatchMasterAction[] = Array.from({ length: 27 }, (_, bid) => ({
  type: 'bid',
  bid,
}));

const OPTIONS = [
  {
    name: 'handSizes',
    type: 'integer-list',
    default: STANDARD_HAND_SIZES.slice(),
    min: 1,
    max: 26,
    description: 'Cards per hand, one entry per hand (MM-2: 7,6,5,4,3,2,1,2,3,4,5,6,7).',
  },
  {
    name: 'firstDealer',
    type: 'integer',
    default: 0,
    min: 0,
    max: 6,
    description: 'The seat that deals the first hand; the seat after it leads (MM-3).',
  },
] as const;

const STATE_VERSION = 1;
const masks = new Uint16Array(4);

function setup(config: SetupConfig): Result<MatchMasterState> {
  const { players } = config;
  if (!Number.isInteger(players) || players < 2 || players > 7) {
    return err('invalid_players', 'MatchMaster is for 2 to 7 players (MM-1).');
  }
  const resolved = resolveOptions(OPTIONS, config.options);
  if (!resolved.ok) return resolved;
  const handSizes = resolved.value.handSizes as number[];
  const firstDealer = resolved.value.firstDealer as number;
  const maxSize = Math.floor(DECK_SIZE / players);
  if (handSizes.some((h) => h > maxSize)) {
    return err('invalid_option', `With ${players} players a hand has at most ${maxSize} cards.`);
  }
  if (firstDealer >= players)
    return err('invalid_option', `firstDealer must be a seat from 0 to ${players - 1}.`);
  let order: number[] | undefined;
  if (config.deck !== undefined) {
    const parsed = parseDeck(config.deck, players * handSizes[0]!);
    if (!parsed.ok) return parsed;
    order = parsed.value;
  }
  const s: MatchMasterState = {
    players,
    handSizes,
    firstDealer,
    handIndex: 0,
    phase: PHASE_BID,
    dealer: firstDealer,
    hands: new Uint16Array(players * 4),
    undealt: new Uint16Array(4),
    bids: new Int8Array(players),
    bidCount: 0,
    tricks: new Int8Array(players),
    totals: new Int32Array(players),
    history: new Int16Array(handSizes.length * players * 3),
    plays: new Int8Array(DECK_SIZE),
    playSeats: new Int8Array(DECK_SIZE),
    playCount: 0,
    trickLen: 0,
    toPlay: 0,
    rng: Rng.fromSeed(config.seed),
  };
  dealHand(s, order);
  return ok(s);
}

/**
 * A stacked deck for the first hand: distinct cards, at least players x hand size of them. The
 * first hand-size cards go to the first leader (the seat after the dealer), the next block to
 * the seat after, and so on; unlisted cards are undealt. Later hands are shuffled.
 */
function parseDeck(deck: readonly string[], needed: number): Result<number[]> {
  if (!Array.isArray(deck)) return err('invalid_deck', 'A deck must be a list of cards.');
  const seen = new Set<number>();
  const out: number[] = [];
  for (const text of deck) {
    const c = typeof text === 'string' ? parseCard(text) : -1;
    if (c < 0) return err('invalid_deck', `"${String(text)}" is not a MatchMaster card (e.g. do13, lb1).`);
    if (seen.has(c)) return err('invalid_deck', `The deck lists ${CARD_NAMES[c]} twice.`);
    seen.add(c);
    out.push(c);
  }
  if (out.length < needed)
    return err('invalid_deck', `The deck must list at least ${needed} cards for the first hand.`);
  return ok(out);
}

/** Shared one-seat lists, so the play phase's toAct allocates nothing. */
const SINGLE_SEAT: readonly (readonly Seat[])[] = Array.from({ length: 7 }, (_, seat) =>
  Object.freeze([seat]),
);
const NOBODY: readonly Seat[] = Object.freeze([]);

function toAct(s: MatchMasterState): readonly Seat[] {
  if (s.phase === PHASE_PLAY) return SINGLE_SEAT[s.toPlay]!;
  if (s.phase === PHASE_OVER) return NOBODY;
  const out: Seat[] = [];
  for (let seat = 0; seat < s.players; seat++) if (s.bids[seat] === -1) out.push(seat);
  return out;
}

function legalActions(s: MatchMasterState, seat: Seat): MatchMasterAction[] {
  const out: MatchMasterAction[] = [];
  if (s.phase === PHASE_BID) {
    if (seat >= 0 && seat < s.players && s.bids[seat] === -1) {
      for (let b = 0; b <= handSizeOf(s); b++) out.push(BID_ACTIONS[b]!);
    }
    return out;
  }
  if (s.phase !== PHASE_PLAY || seat !== s.toPlay) return out;
  legalMasks(s, seat, masks);
  const m0 = masks[0]!;
  const m1 = masks[1]!;
  const m2 = masks[2]!;
  const m3 = masks[3]!;
  const play: MatchMasterAction[] = new Array<MatchMasterAction>(
    popcount(m0) + popcount(m1) + popcount(m2) + popcount(m3),
  );
  let k = 0;
  for (let m = m0; m !== 0; m &= m - 1) play[k++] = PLAY_ACTIONS[31 - Math.clz32(m & -m)]!;
  for (let m = m1; m !== 0; m &= m - 1) play[k++] = PLAY_ACTIONS[RANKS + 31 - Math.clz32(m & -m)]!;
  for (let m = m2; m !== 0; m &= m - 1) play[k++] = PLAY_ACTIONS[2 * RANKS + 31 - Math.clz32(m & -m)]!;
  for (let m = m3; m !== 0; m &= m - 1) play[k++] = PLAY_ACTIONS[3 * RANKS + 31 - Math.clz32(m & -m)]!;
  return play;
}

function applyInPlace(
  s: MatchMasterState,
  seat: Seat,
  action: unknown,
  events?: EventRecord[],
): EngineError | null {
  if (!Number.isInteger(seat) || seat < 0 || seat >= s.players) {
    return engineError('invalid_seat', `Seats are numbered 0 to ${s.players - 1}.`);
  }
  if (s.phase === PHASE_OVER) return engineError('game_over', 'The game is over.');
  if (typeof action !== 'object' || action === null) {
    return engineError('malformed_action', 'An action is an object like {"type":"play","card":"do13"}.');
  }
  const a = action as { type?: unknown; bid?: unknown; card?: unknown };
  if (a.type === 'bid') {
    if (typeof a.bid !== 'number')
      return engineError('malformed_action', 'A bid action needs a "bid" number.');
    return applyBid(s, seat, a.bid, events);
  }
  if (a.type === 'play') {
    const interned = (action as { [CARD_INDEX]?: number })[CARD_INDEX];
    const card = interned !== undefined ? interned : typeof a.card === 'string' ? parseCard(a.card) : -1;
    if (card < 0) return engineError('malformed_action', 'A play action needs a "card" such as "do13".');
    if (s.phase === PHASE_BID && s.bids[seat] === -1) {
      return engineError('bid_first', 'Every player bids before the first card is played.');
    }
    return applyPlay(s, seat, card, events);
  }
  return engineError('malformed_action', 'Unknown action type; MatchMaster actions are "bid" and "play".');
}

function result(s: MatchMasterState) {
  return s.phase === PHASE_OVER ? rankByScore(Array.from(s.totals)) : null;
}

function view(s: MatchMasterState, viewer: Viewer): JsonObject {
  const n = s.players;
  const size = handSizeOf(s);
  const revealed = s.phase !== PHASE_BID;
  const bids: Json[] = [];
  const hasBid: Json[] = [];
  const handCounts: Json[] = [];
  for (let seat = 0; seat < n; seat++) {
    const b = s.bids[seat]!;
    hasBid.push(b >= 0);
    bids.push(b >= 0 && (revealed || seat === viewer) ? b : null);
    handCounts.push(handCount(s, seat));
  }
  const tricks: Json[] = [];
  for (let start = 0; start + n <= s.playCount - s.trickLen; start += n) {
    tricks.push(trickJson(s, start, n));
  }
  const history: Json[] = [];
  const finishedHands = s.phase === PHASE_OVER ? s.handSizes.length : s.handIndex;
  for (let h = 0; h < finishedHands; h++) {
    const row = (k: number) => Array.from({ length: n }, (_, seat) => s.history[(h * n + seat) * 3 + k]!);
    history.push({ hand: h + 1, handSize: s.handSizes[h]!, bids: row(0), tricks: row(1), points: row(2) });
  }
  const v: JsonObject = {
    game: 'matchmaster',
    players: n,
    viewer,
    phase: s.phase === PHASE_BID ? 'bid' : s.phase === PHASE_PLAY ? 'play' : 'over',
    hand: s.handIndex + 1,
    hands: s.handSizes.length,
    handSize: size,
    dealer: s.dealer,
    toAct: [...toAct(s)],
    trump: 'do',
    hasBid,
    bids,
    tricksWon: Array.from(s.tricks),
    handCounts,
    trick: trickJson(s, s.playCount - s.trickLen, s.trickLen),
    tricks,
    totals: Array.from(s.totals),
    history,
  };
  if (viewer !== null && viewer >= 0 && viewer < n) {
    v.myHand = handCards(s, viewer).map((c) => CARD_NAMES[c]!);
  }
  return v;
}

function trickJson(s: MatchMasterState, start: number, length: number): JsonObject {
  const cards: Json[] = [];
  for (let i = 0; i < length; i++) {
    cards.push({ seat: s.playSeats[start + i]!, card: CARD_NAMES[s.plays[start + i]!]! });
  }
  return { leader: length > 0 ? s.playSeats[start]! : null, cards };
}

function formatAction(a: MatchMasterAction): string {
  return a.type === 'bid' ? `bid ${a.bid}` : a.card;
}

function parseAction(text: string): Result<MatchMasterAction> {
  if (typeof text !== 'string') {
    return err('malformed_action', 'An action is text: a bid like "bid 2" or a card like "do13".');
  }
  const t = text.trim().toLowerCase();
  const bid = /^(?:bid|b)\s*(\d{1,2})$/.exec(t);
  if (bid) return ok(BID_ACTIONS[Number(bid[1])] ?? { type: 'bid', bid: Number(bid[1]) });
  const card = parseCard(t.replace(/^play\s+/, ''));
  if (card >= 0) return ok(PLAY_ACTIONS[card]!);
  return err(
    'malformed_action',
    `"${text}" is not a MatchMaster action: write a bid like "bid 2" or a card like "do13".`,
  );
}

function serialize(s: MatchMasterState): JsonObject {
  return {
    game: 'matchmaster',
    version: STATE_VERSION,
    players: s.players,
    handSizes: s.handSizes.slice(),
    firstDealer: s.firstDealer,
    handIndex: s.handIndex,
    phase: s.phase,
    dealer: s.dealer,
    hands: Array.from(s.hands),
    undealt: Array.from(s.undealt),
    bids: Array.from(s.bids),
    tricks: Array.from(s.tricks),
    totals: Array.from(s.totals),
    history: Array.from(s.history),
    plays: Array.from(s.plays.subarray(0, s.playCount)),
    playSeats: Array.from(s.playSeats.subarray(0, s.playCount)),
    trickLen: s.trickLen,
    toPlay: s.toPlay,
    rng: s.rng.state(),
  };
}

function deserialize(json: unknown): Result<MatchMasterState> {
  const bad = invalidSave('MatchMaster');
  const j = savedFields(json, 'matchmaster', STATE_VERSION);
  if (typeof j === 'string') return bad(j);
  const ints = intList;
  const players = j.players;
  if (typeof players !== 'number' || !Number.isInteger(players) || players < 2 || players > 7)
    return bad('players');
  const handSizes = ints(j.handSizes);
  if (!handSizes || handSizes.length === 0 || handSizes.some((h) => h < 1 || h * players > DECK_SIZE))
    return bad('handSizes');
  const fields = ['firstDealer', 'handIndex', 'phase', 'dealer', 'trickLen', 'toPlay'] as const;
  for (const f of fields) if (typeof j[f] !== 'number' || !Number.isInteger(j[f])) return bad(f);
  const hands = ints(j.hands, players * 4);
  const undealt = ints(j.undealt, 4);
  const bids = ints(j.bids, players);
  const tricks = ints(j.tricks, players);
  const totals = ints(j.totals, players);
  const history = ints(j.history, handSizes.length * players * 3);
  const plays = ints(j.plays);
  const playSeats = ints(j.playSeats, plays?.length);
  if (!hands || !undealt || !bids || !tricks || !totals || !history || !plays || !playSeats)
    return bad('arrays');
  // Range checks before the typed arrays would silently wrap or mask out-of-range values.
  const within = (v: number[], lo: number, hi: number) => v.every((x) => x >= lo && x <= hi);
  if (!within(hands, 0, FULL_SUIT) || !within(undealt, 0, FULL_SUIT)) return bad('card masks');
  if (!within(bids, -1, 26) || !within(tricks, 0, 26)) return bad('bids or tricks');
  if (!within(playSeats, 0, players - 1)) return bad('playSeats');
  if (!within(history, -32768, 32767) || !within(totals, -(2 ** 31), 2 ** 31 - 1))
    return bad('history or totals');
  if (plays.length > DECK_SIZE || plays.some((c) => c < 0 || c >= DECK_SIZE)) return bad('plays');
  if (!Rng.isState(j.rng)) return bad('rng');
  const phase = j.phase as number;
  if (phase !== PHASE_BID && phase !== PHASE_PLAY && phase !== PHASE_OVER) return bad('phase');
  const s: MatchMasterState = {
    players,
    handSizes,
    firstDealer: j.firstDealer as number,
    handIndex: j.handIndex as number,
    phase,
    dealer: j.dealer as number,
    hands: Uint16Array.from(hands),
    undealt: Uint16Array.from(undealt),
    bids: Int8Array.from(bids),
    bidCount: bids.filter((b) => b >= 0).length,
    tricks: Int8Array.from(tricks),
    totals: Int32Array.from(totals),
    history: Int16Array.from(history),
    plays: new Int8Array(DECK_SIZE),
    playSeats: new Int8Array(DECK_SIZE),
    playCount: plays.length,
    trickLen: j.trickLen as number,
    toPlay: j.toPlay as number,
    rng: Rng.fromState(j.rng),
  };
  s.plays.set(plays);
  s.playSeats.set(playSeats);
  const problem = verify(s);
  return problem ? err('invalid_state', `Not a consistent MatchMaster state: ${problem.message}`) : ok(s);
}

/** All 52 cards by where they are: hands, played this hand, undealt. */
function cards(s: MatchMasterState): string[] {
  const out: string[] = [];
  for (let seat = 0; seat < s.players; seat++) for (const c of handCards(s, seat)) out.push(CARD_NAMES[c]!);
  for (let i = 0; i < s.playCount; i++) out.push(CARD_NAMES[s.plays[i]!]!);
  for (const c of cardsOfMasks(s.undealt)) out.push(CARD_NAMES[c]!);
  return out;
}

/** Other seats' hands and the undealt cards are hidden (MM-2, MM-4 visibility). */
function hiddenCards(s: MatchMasterState, viewer: Viewer): string[] {
  const out: string[] = [];
  for (let seat = 0; seat < s.players; seat++) {
    if (seat !== viewer) for (const c of handCards(s, seat)) out.push(CARD_NAMES[c]!);
  }
  for (const c of cardsOfMasks(s.undealt)) out.push(CARD_NAMES[c]!);
  return out;
}

function candidateActions(s: MatchMasterState, _seat: Seat): MatchMasterAction[] {
  const out: MatchMasterAction[] = [...PLAY_ACTIONS];
  for (let b = 0; b <= handSizeOf(s) + 1; b++) out.push(BID_ACTIONS[b] ?? { type: 'bid', bid: b });
  out.push({ type: 'bid', bid: -1 });
  return out;
}

function verify(s: MatchMasterState): EngineError | null {
  const n = s.players;
  const all = cards(s);
  if (all.length !== DECK_SIZE || new Set(all).size !== DECK_SIZE) {
    return engineError(
      'bad_state',
      `Cards are not conserved (${all.length} listed, ${new Set(all).size} distinct).`,
    );
  }
  if (s.handIndex < 0 || s.handIndex >= s.handSizes.length)
    return engineError('bad_state', 'Hand index out of range.');
  if (s.firstDealer < 0 || s.firstDealer >= n) return engineError('bad_state', 'First dealer out of range.');
  if (s.dealer !== (s.firstDealer + s.handIndex) % n)
    return engineError('bad_state', 'The dealer does not follow from the first dealer (MM-3).');
  let bidCount = 0;
  for (let seat = 0; seat < n; seat++) {
    const b = s.bids[seat]!;
    if (b < -1 || b > handSizeOf(s)) return engineError('bad_state', `Seat ${seat} has an impossible bid.`);
    if (s.phase !== PHASE_BID && b < 0)
      return engineError('bad_state', 'Play started before every bid was in.');
    if (b >= 0) bidCount++;
  }
  if (bidCount !== s.bidCount) return engineError('bad_state', 'The bid count does not match the bids.');
  if (s.phase === PHASE_BID && (bidCount === n || s.playCount !== 0 || s.trickLen !== 0))
    return engineError('bad_state', 'A hand still bidding has no plays and someone still to bid.');
  if (s.trickLen !== s.playCount % n)
    return engineError('bad_state', 'The current trick does not match the cards played.');
  if (s.phase === PHASE_OVER && (s.handIndex !== s.handSizes.length - 1 || s.playCount !== n * handSizeOf(s)))
    return engineError('bad_state', 'The game ended before its last hand was played.');
  const completed = Math.floor((s.playCount - s.trickLen) / n);
  let won = 0;
  for (let seat = 0; seat < n; seat++) won += s.tricks[seat]!;
  if (won !== completed) return engineError('bad_state', 'Tricks won do not add up.');
  // Finished hands (MM-9): each row scores as the sheet says and the totals are their sums.
  const finished = s.phase === PHASE_OVER ? s.handSizes.length : s.handIndex;
  for (let seat = 0; seat < n; seat++) {
    let total = 0;
    for (let h = 0; h < s.handSizes.length; h++) {
      const i = (h * n + seat) * 3;
      const [bid, tricks, points] = [s.history[i]!, s.history[i + 1]!, s.history[i + 2]!];
      if (h >= finished) {
        if (bid !== 0 || tricks !== 0 || points !== 0)
          return engineError('bad_state', `Hand ${h + 1} has a score before it was played.`);
        continue;
      }
      const size = s.handSizes[h]!;
      if (bid < 0 || bid > size || tricks < 0 || tricks > size || points !== handPoints(bid, tricks))
        return engineError('bad_state', `Hand ${h + 1} of seat ${seat} is not scored by MM-9.`);
      total += points;
    }
    if (total !== s.totals[seat])
      return engineError('bad_state', `Seat ${seat}'s total is not the sum of its hands.`);
  }
  return checkHandHistory(s);
}

export const matchmaster: Game<MatchMasterState, MatchMasterAction> = {
  meta: {
    id: 'matchmaster',
    name: 'MatchMaster',
    minPlayers: 2,
    maxPlayers: 7,
    defaultPlayers: 4,
    options: OPTIONS,
    hiddenInformation: true,
    simultaneous: true,
    summary: 'Trick-taking with secret simultaneous bids over 13 hands of 7..1..7 cards.',
    notation:
      'Cards: suit + rank, suits do (dark orange, trump), lo (light orange), db (dark blue), lb (light blue), ranks 1..13 (13 high): do13, lb7. Actions: "bid 2", or a card to play.',
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
  maxActions: (s) => s.handSizes.reduce((a, h) => a + (h + 1) * s.players, 0),
};

/** Exposed for bots and tests in this package. */
export { handCards, suitOf, rankOf };
