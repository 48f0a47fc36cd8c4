/**
 * Sweet16: Matchmaker on the engine contract.
 *
 * Rules in brief (our words; sheet 003 and rulings S16-1..S16-10, matchbox rulings S16-X1..X9 in
 * docs/rules/sweet16.md):
 * - 2-5 players, 54 cards (A=1 .. K=13 in four suits, two Jokers) face down in a 9 x 6 grid; a
 *   card keeps its position until it leaves the grid (S16-1).
 * - A turn: if the clique on the table is yours, score it; then flip face-down cards one by one.
 *   Over 16: lose face, the cards go back face down. Exactly 16: a tryst, scored at once, after
 *   which any clique on the table turns face down. Below 16 with 2+ cards and beating the clique
 *   on the table: you may stop and leave your cards as the new clique (S16-2, S16-3).
 * - A flipped Joker is declared 1..13 at once; it is never activated (S16-4, S16-5).
 * - Scoring a set: put one card back face down in place, optionally activate another (diamond:
 *   face up, worth 3; club: steal an opponent's diamond of no higher value; heart: a chain of
 *   private looks collecting hearts; spade: three private looks), the rest go to your face-down
 *   pile (S16-6).
 * - The game ends after a turn in which a set was scored and fewer than 13 cards remain in the
 *   grid, or after a turn after which no two grid cards total 16 or less (S16-7). 1 point per pile
 *   card, 3 per face-up diamond; ties go to the earliest seat (S16-8).
 * - A memory game: views show what is face up; seats' sightings are recorded, and the optional
 *   memory aid shows a seat what it has seen (S16-9).
 * - Option mode=duel: the experimental 2-player variant of S16-10 (see duel.ts).
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
import { invalidSave, savedFields } from '../../saves.ts';
import type { PosTables, Sweet16Action } from './actions.ts';
import {
  POS_INDEX,
  JOKER_ACTIONS,
  PASS,
  SKIP,
  STEAL_ACTIONS,
  STOP,
  formatAction,
  parseAction,
  posTables,
} from './actions.ts';
import {
  BASE_GRID,
  CARD_COUNT,
  CARD_NAMES,
  DIAMONDS,
  JOKER_1,
  cardOf,
  isJoker,
  parseCard,
  parsePosition,
  suitOf,
} from './cards.ts';
import {
  DUEL_TABLES,
  applyBury,
  applyDuelActivate,
  applyDuelSkip,
  applyDuelSteal,
  applyPass,
  applyTake,
  applyTryst,
  legalDuel,
  lineCell,
  pushSteals,
} from './duel.ts';
import { checkKnowledge, determinize, entitled, hiddenCards } from './knowledge.ts';
import {
  applyActivate,
  applyBack,
  applyFlip,
  applyJoker,
  applyLook,
  applySkip,
  applySteal,
  applyStop,
  canStop,
  startTurn,
} from './play.ts';
import type { Mode, Sweet16State } from './state.ts';
import {
  MAX_SET,
  MODE_BASE,
  MODE_DUEL,
  MODE_NAMES,
  P_ACTIVE,
  P_BURIED,
  P_DIAMOND,
  P_NONE,
  P_OUT,
  P_PILE,
  PHASE_NAMES,
  PH_ACTIVATE,
  PH_BACK,
  PH_BURY,
  PH_CLUB,
  PH_FLIP,
  PH_HEART,
  PH_JOKER,
  PH_OVER,
  PH_SPADE,
  PH_TAKE,
  PH_TRYST,
  SET_CLIQUE,
  SET_NONE,
  cloneState,
  gridOf,
  newState,
  scoreOf,
  valueOf,
} from './state.ts';

export type { Sweet16Action } from './actions.ts';

const BASE_TABLES: PosTables = posTables(BASE_GRID.names);
const tablesOf = (s: Sweet16State): PosTables => (s.mode === MODE_DUEL ? DUEL_TABLES : BASE_TABLES);

const OPTIONS = [
  {
    name: 'mode',
    type: 'choice',
    default: 'base',
    choices: ['base', 'duel'],
    description:
      'base: the 2-5 player memory game on a face-down 9 x 6 grid (S16-1..S16-9). duel: the EXPERIMENTAL 2-player variant (S16-10): a face-up 7 x 7 grid, rows against columns; the designer calls it untested.',
  },
  {
    name: 'memoryAid',
    type: 'boolean',
    default: false,
    description:
      "Memory aid (S16-9): each player's view also shows the face-down cards that player has seen. Off by default: Sweet16 is a memory game.",
  },
  {
    name: 'turnLimit',
    type: 'integer',
    default: 1000,
    min: 1,
    max: 100000,
    description:
      'A safety net, not a rule of the game (matchbox ruling S16-X3): the game ends after this many turns at the latest. Players with a memory finish far sooner; about 1-2% of purely random games pass 1000 turns.',
  },
] as const;

const STATE_VERSION = 1;
const TO_ACT: readonly (readonly Seat[])[] = Array.from({ length: 5 }, (_, s) => [s]);
const NOBODY: readonly Seat[] = [];

function setup(config: SetupConfig): Result<Sweet16State> {
  const resolved = resolveOptions(OPTIONS, config.options);
  if (!resolved.ok) return resolved;
  const mode: Mode = resolved.value.mode === 'duel' ? MODE_DUEL : MODE_BASE;
  const { players } = config;
  if (!Number.isInteger(players) || players < 2 || players > 5)
    return err('invalid_players', 'Sweet16 is for 2 to 5 players (S16-1).');
  if (mode === MODE_DUEL && players !== 2)
    return err(
      'invalid_players',
      'The duel variant is for exactly 2 players (S16-10; matchbox ruling S16-X1).',
    );
  const s = newState(
    mode,
    players,
    resolved.value.memoryAid === true,
    resolved.value.turnLimit as number,
    Rng.fromSeed(config.seed),
  );
  const inPlay = mode === MODE_DUEL ? 52 : CARD_COUNT;
  let order: number[];
  if (config.deck !== undefined) {
    const parsed = parseDeck(config.deck, inPlay);
    if (!parsed.ok) return parsed;
    order = parsed.value;
  } else {
    order = new Array<number>(inPlay);
    for (let c = 0; c < inPlay; c++) order[c] = c;
    s.rng.shuffle(order);
  }
  s.place.fill(P_NONE);
  const size = s.grid.size;
  for (let i = 0; i < order.length; i++) {
    const c = order[i]!;
    if (i < size) {
      s.cells[i] = c;
      s.place[c] = i;
    } else s.place[c] = P_OUT;
  }
  s.gridCount = size;
  if (mode === MODE_DUEL) {
    s.up.fill(1); // S16-10: the duel's grid is face up
    s.seenAt.fill(1);
    s.phase = PH_TRYST;
  } else {
    s.downCount = size;
    startTurn(s);
  }
  return ok(s);
}

/**
 * A stacked deck: distinct cards in our notation, dealt to the grid in row-major order (A1, B1, ...
 * then row 2 ...). Unlisted cards follow in the standard order (clubs, diamonds, hearts, spades, A
 * to K, then X1, X2). The duel uses 52 cards (no Jokers): the first 49 go to the grid, the last 3
 * are out of play.
 */
function parseDeck(deck: readonly string[], inPlay: number): Result<number[]> {
  if (!Array.isArray(deck)) return err('invalid_deck', 'A deck must be a list of cards.');
  const used = new Uint8Array(CARD_COUNT);
  const out: number[] = [];
  for (const text of deck) {
    const c = typeof text === 'string' ? parseCard(text) : -1;
    if (c < 0 || c >= inPlay)
      return err(
        'invalid_deck',
        `"${String(text)}" is not a card of this game (e.g. AH, 10D, QS${inPlay > 52 ? ', X1' : ''}).`,
      );
    if (used[c]) return err('invalid_deck', `The deck lists ${CARD_NAMES[c]} twice.`);
    used[c] = 1;
    out.push(c);
  }
  for (let c = 0; c < inPlay; c++) if (!used[c]) out.push(c);
  return ok(out);
}

const toAct = (s: Sweet16State): readonly Seat[] => (s.phase === PH_OVER ? NOBODY : TO_ACT[s.toPlay]!);

function flippedThisTurn(s: Sweet16State, p: number): boolean {
  for (let i = 0; i < s.flipCount; i++) if (s.flipped[i] === p) return true;
  return false;
}

function legalActions(s: Sweet16State, seat: Seat): readonly Sweet16Action[] {
  const out: Sweet16Action[] = [];
  if (s.phase === PH_OVER || seat !== s.toPlay) return out;
  if (s.mode === MODE_DUEL) {
    legalDuel(s, seat, out);
    return out;
  }
  const t = BASE_TABLES;
  const cells = s.cells;
  const up = s.up;
  const size = cells.length;
  switch (s.phase) {
    case PH_FLIP: {
      // The hot path of random play. The face-down set at the start of flipping is cached
      // (packed, never mutated; lose face restores the set, so turns repeat it); results are
      // fresh copies, since a builtin copy of a packed list beats building one in a loop.
      let cache = s.startActs;
      if (cache === null) {
        // Built lazily (a new turn, a loaded or cloned state): the face-down set at the start of
        // flipping is what is face down now plus what was flipped so far this turn.
        const list: Sweet16Action[] = [];
        for (let p = 0; p < size; p++) {
          if (cells[p]! < 0) continue;
          if (up[p] === 0 || (s.flipCount > 0 && flippedThisTurn(s, p))) list.push(t.flip[p]!);
        }
        cache = s.startActs = list;
      }
      // Legal-action lists are read-only by the contract, so the cached list itself can be shared.
      if (s.flipCount === 0) return cache as readonly Sweet16Action[];
      const list = (cache as Sweet16Action[]).slice();
      for (let i = 0; i < s.flipCount; i++) {
        // Remove one flipped position in place (no splice: it would allocate the removed part).
        const last = list.length - 1;
        for (let k = list.indexOf(t.flip[s.flipped[i]!]!); k < last; k++) list[k] = list[k + 1]!;
        list.pop();
      }
      if (s.flipCount > 0 && canStop(s)) list.push(STOP);
      return list;
    }
    case PH_JOKER:
      for (let v = 1; v <= 13; v++) out.push(JOKER_ACTIONS[v]!);
      return out;
    case PH_BACK:
      for (let i = 0; i < s.setCount; i++) out.push(t.back[s.set[i]!]!);
      return out;
    case PH_ACTIVATE:
      for (let i = 0; i < s.setCount; i++) {
        const p = s.set[i]!;
        if (!isJoker(cells[p]!)) out.push(t.activate[p]!);
      }
      out.push(SKIP);
      return out;
    case PH_CLUB:
      pushSteals(s, seat, out);
      out.push(SKIP);
      return out;
    case PH_HEART:
      for (let p = 0; p < size; p++) if (cells[p]! >= 0 && up[p] === 0) out.push(t.look[p]!);
      return out;
    case PH_SPADE:
      for (let p = 0; p < size; p++) {
        if (cells[p]! < 0 || up[p] !== 0) continue;
        let seen = false;
        for (let i = 0; i < s.lookCount; i++) if (s.looks[i] === p) seen = true;
        if (!seen) out.push(t.look[p]!);
      }
      return out;
    default:
      return out;
  }
}

function applyInPlace(
  s: Sweet16State,
  seat: Seat,
  action: unknown,
  events?: EventRecord[],
): EngineError | null {
  if (typeof seat !== 'number' || (seat | 0) !== seat || seat < 0 || seat >= s.players)
    return engineError('invalid_seat', `Seats are numbered 0 to ${s.players - 1}.`);
  if (typeof action !== 'object' || action === null)
    return engineError('malformed_action', 'An action is an object like {"type":"flip","pos":"B3"}.');
  const a = action as { type?: unknown; pos?: unknown; value?: unknown; card?: unknown; cells?: unknown };
  const type = a.type;
  if (typeof type !== 'string') return engineError('malformed_action', 'An action needs a "type".');
  let pos = -1;
  switch (type) {
    case 'flip':
    case 'back':
    case 'activate':
    case 'look':
    case 'take':
    case 'bury':
      if (typeof a.pos !== 'string')
        return engineError('malformed_action', `A ${type} action needs a "pos" such as "B3".`);
      pos = (a as { [POS_INDEX]?: Int8Array })[POS_INDEX]?.[s.mode] ?? parsePosition(s.grid, a.pos);
      if (pos < 0)
        return engineError(
          'bad_position',
          `"${a.pos}" is not a position of the ${s.grid.cols} x ${s.grid.rows} grid (A1..${s.grid.names[s.grid.size - 1]}).`,
        );
      break;
    case 'joker':
      if (typeof a.value !== 'number')
        return engineError('malformed_action', 'A joker action needs a "value" number.');
      break;
    case 'steal':
      if (typeof a.card !== 'string' || parseCard(a.card) < 0)
        return engineError('malformed_action', 'A steal action needs a "card" such as "7D".');
      break;
    case 'tryst':
      if (!Array.isArray(a.cells) || !a.cells.every((c) => typeof c === 'string'))
        return engineError(
          'malformed_action',
          'A tryst action needs "cells", a list of positions such as ["A3","C3"].',
        );
      break;
    case 'stop':
    case 'skip':
    case 'pass':
      break;
    default:
      return engineError('malformed_action', `Unknown action type "${type}".`);
  }
  if (s.phase === PH_OVER) return engineError('game_over', 'The game is over.');
  if (seat !== s.toPlay) return engineError('not_your_turn', `It is seat ${s.toPlay}'s turn.`);
  const kind = type; // narrowed by the switch above
  if (s.mode === MODE_DUEL) {
    switch (kind) {
      case 'tryst': {
        const cells: number[] = [];
        for (const text of a.cells as string[]) {
          const p = parsePosition(s.grid, text);
          if (p < 0)
            return engineError('bad_position', `"${text}" is not a position of the 7 x 7 grid (A1..G7).`);
          cells.push(p);
        }
        return applyTryst(s, cells, events);
      }
      case 'pass':
        return applyPass(s, events);
      case 'activate':
        return applyDuelActivate(s, pos, events);
      case 'skip':
        return applyDuelSkip(s, events);
      case 'steal':
        return applyDuelSteal(s, parseCard(a.card as string), events);
      case 'take':
        return applyTake(s, pos, events);
      case 'bury':
        return applyBury(s, pos, events);
      case 'flip':
      case 'joker':
      case 'stop':
      case 'back':
      case 'look':
        return engineError('not_in_mode', `"${type}" is not an action of the duel variant.`);
    }
  }
  switch (kind) {
    case 'flip':
      return applyFlip(s, pos, events);
    case 'joker':
      return applyJoker(s, a.value as number, events);
    case 'stop':
      return applyStop(s, events);
    case 'back':
      return applyBack(s, pos, events);
    case 'activate':
      return applyActivate(s, pos, events);
    case 'skip':
      return applySkip(s, events);
    case 'steal':
      return applySteal(s, parseCard(a.card as string), events);
    case 'look':
      return applyLook(s, pos, events);
    case 'tryst':
    case 'take':
    case 'bury':
    case 'pass':
      return engineError('not_in_mode', `"${type}" is an action of the duel variant only.`);
  }
}

function scores(s: Sweet16State): number[] {
  const out: number[] = [];
  for (let seat = 0; seat < s.players; seat++) out.push(scoreOf(s, seat));
  return out;
}

/** S16-8: highest score wins; ties go to the seat earliest in turn order from seat 0. */
const result = (s: Sweet16State) => (s.phase === PH_OVER ? rankByScore(scores(s), (seat) => seat) : null);

function diamondsOf(s: Sweet16State, seat: Seat): Json[] {
  const out: Json[] = [];
  for (let r = 1; r <= 13; r++) {
    const d = cardOf(DIAMONDS, r);
    if (s.place[d] === P_DIAMOND + seat) out.push(CARD_NAMES[d]!);
  }
  return out;
}

function view(s: Sweet16State, viewer: Viewer): JsonObject {
  const names = s.grid.names;
  const grid: Json[] = [];
  for (let r = 0; r < s.grid.rows; r++) {
    const row: Json[] = [];
    for (let c = 0; c < s.grid.cols; c++) {
      const p = r * s.grid.cols + c;
      const card = s.cells[p]!;
      row.push(card < 0 ? null : s.up[p] ? CARD_NAMES[card]! : '?');
    }
    grid.push(row);
  }
  const piles: Json[] = [];
  const diamonds: Json[] = [];
  for (let seat = 0; seat < s.players; seat++) {
    piles.push(s.pileCount[seat]!);
    diamonds.push(diamondsOf(s, seat));
  }
  const over = s.phase === PH_OVER;
  const v: JsonObject = {
    game: 'sweet16',
    mode: MODE_NAMES[s.mode],
    players: s.players,
    viewer,
    cols: s.grid.cols,
    rows: s.grid.rows,
    phase: PHASE_NAMES[s.phase]!,
    turn: s.turn,
    turnLimit: s.turnLimit,
    toPlay: over ? null : s.toPlay,
    toAct: [...toAct(s)],
    grid,
    inGrid: s.gridCount,
  };
  const looks: Json[] = [];
  for (let i = 0; i < s.lookCount; i++) looks.push(names[s.looks[i]!]!);
  const set: Json[] = [];
  for (let i = 0; i < s.setCount; i++) set.push(names[s.set[i]!]!);
  const scoring: Json =
    s.setKind === SET_NONE && s.active < 0
      ? null
      : {
          kind: s.setKind === SET_CLIQUE ? 'clique' : 'tryst',
          cells: set,
          putBack: s.putBack >= 0 ? names[s.putBack]! : null,
          activated: s.active >= 0 ? CARD_NAMES[s.active]! : null,
          looks,
          left: s.lookLeft,
        };
  if (s.mode === MODE_DUEL) {
    const buried: Json[] = [];
    for (let c = 0; c < CARD_COUNT; c++) if (s.place[c] === P_BURIED) buried.push(CARD_NAMES[c]!);
    v.lines = ['rows', 'columns'];
    v.scoring = scoring;
    v.passes = s.passes;
    v.buried = buried;
    v.outOfPlay = 3;
  } else {
    v.faceDown = s.downCount;
    const flipped: Json[] = [];
    for (let i = 0; i < s.flipCount; i++) flipped.push(names[s.flipped[i]!]!);
    v.flipped = flipped;
    v.total = s.flipTotal;
    v.canStop = s.phase === PH_FLIP && canStop(s);
    const jokers: JsonObject = {};
    for (let j = 0; j < 2; j++) {
      const p = s.place[JOKER_1 + j]!;
      if (p < 64 && s.up[p] && s.jokerValue[j]! > 0) jokers[names[p]!] = s.jokerValue[j]!;
    }
    v.jokers = jokers;
    const clique: Json[] = [];
    for (let i = 0; i < s.cliqueCount; i++) clique.push(names[s.clique[i]!]!);
    v.clique = s.cliqueOwner < 0 ? null : { owner: s.cliqueOwner, cells: clique, total: s.cliqueTotal };
    v.scoring = scoring;
    const notHeart: Json[] = [];
    for (let p = 0; p < s.grid.size; p++) if (s.notHeart[p]) notHeart.push(names[p]!);
    v.notHeart = notHeart;
    v.memoryAid = s.memoryAid;
    if (viewer !== null && viewer >= 0 && viewer < s.players) {
      const peeks: JsonObject = {};
      const memory: JsonObject = {};
      for (let p = 0; p < s.grid.size; p++) {
        const c = s.cells[p]!;
        if (c < 0 || s.up[p]) continue;
        if (s.peek[p] && viewer === s.toPlay) peeks[names[p]!] = CARD_NAMES[c]!;
        else if (entitled(s, viewer, p))
          memory[names[p]!] = { card: CARD_NAMES[c]!, turn: s.seenAt[viewer * s.grid.size + p]! };
      }
      v.peeks = peeks;
      if (s.memoryAid) v.memory = memory;
    }
  }
  v.piles = piles;
  v.diamonds = diamonds;
  v.scores = scores(s);
  if (over) {
    const res = result(s)!;
    v.ranks = [...res.ranks];
    v.winners = [...res.winners];
  }
  return v;
}

function serialize(s: Sweet16State): JsonObject {
  return {
    game: 'sweet16',
    version: STATE_VERSION,
    mode: MODE_NAMES[s.mode],
    players: s.players,
    memoryAid: s.memoryAid,
    turnLimit: s.turnLimit,
    cells: Array.from(s.cells),
    up: Array.from(s.up),
    seenAt: Array.from(s.seenAt),
    notHeart: Array.from(s.notHeart),
    peek: Array.from(s.peek),
    place: Array.from(s.place),
    jokerValue: Array.from(s.jokerValue),
    phase: s.phase,
    toPlay: s.toPlay,
    turn: s.turn,
    flipped: Array.from(s.flipped.subarray(0, s.flipCount)),
    flipTotal: s.flipTotal,
    clique: Array.from(s.clique.subarray(0, s.cliqueCount)),
    cliqueOwner: s.cliqueOwner,
    cliqueTotal: s.cliqueTotal,
    set: Array.from(s.set.subarray(0, s.setCount)),
    setKind: s.setKind,
    putBack: s.putBack,
    active: s.active,
    looks: Array.from(s.looks.subarray(0, s.lookCount)),
    lookLeft: s.lookLeft,
    scored: s.scored,
    passes: s.passes,
    rng: s.rng.state(),
  };
}

function deserialize(json: unknown): Result<Sweet16State> {
  const bad = invalidSave('Sweet16');
  const j = savedFields(json, 'sweet16', STATE_VERSION);
  if (typeof j === 'string') return bad(j);
  const mode = MODE_NAMES.indexOf(j.mode as 'base');
  if (mode < 0) return bad('mode');
  const players = j.players;
  if (typeof players !== 'number' || !Number.isInteger(players) || players < 2 || players > 5)
    return bad('players');
  if (typeof j.memoryAid !== 'boolean') return bad('memoryAid');
  if (typeof j.scored !== 'boolean') return bad('scored');
  const intFields = [
    'turnLimit',
    'phase',
    'toPlay',
    'turn',
    'flipTotal',
    'cliqueOwner',
    'cliqueTotal',
    'setKind',
    'putBack',
    'active',
    'lookLeft',
    'passes',
  ] as const;
  for (const f of intFields) if (typeof j[f] !== 'number' || !Number.isInteger(j[f])) return bad(f);
  if (!Rng.isState(j.rng)) return bad('rng');
  const size = gridOf(mode as Mode).size;
  const ints = (v: unknown, min: number, max: number, len?: number, maxLen = 64): number[] | null =>
    Array.isArray(v) &&
    v.length <= maxLen &&
    (len === undefined || v.length === len) &&
    v.every((x) => Number.isInteger(x) && (x as number) >= min && (x as number) <= max)
      ? (v as number[])
      : null;
  const cells = ints(j.cells, -1, CARD_COUNT - 1, size);
  const up = ints(j.up, 0, 1, size);
  const seenAt = ints(j.seenAt, -1, 1e9, players * size, 1000);
  const notHeart = ints(j.notHeart, 0, 1, size);
  const peek = ints(j.peek, 0, 1, size);
  const place = ints(j.place, 0, P_NONE, CARD_COUNT);
  const jokerValue = ints(j.jokerValue, 0, 13, 2);
  const flipped = ints(j.flipped, 0, size - 1, undefined, MAX_SET);
  const clique = ints(j.clique, 0, size - 1, undefined, MAX_SET);
  const set = ints(j.set, 0, size - 1, undefined, MAX_SET);
  const looks = ints(j.looks, 0, size - 1, undefined, 64);
  if (!cells || !up || !seenAt || !notHeart || !peek || !place || !jokerValue) return bad('arrays');
  if (!flipped || !clique || !set || !looks) return bad('lists');
  const num = (f: (typeof intFields)[number]) => j[f] as number;
  if (num('phase') < 0 || num('phase') > PH_OVER || num('toPlay') < 0 || num('toPlay') >= players)
    return bad('phase');
  if (num('turnLimit') < 1 || num('turn') < 1) return bad('turn');
  if (num('active') < -1 || num('active') >= CARD_COUNT || num('putBack') < -1 || num('putBack') >= size)
    return bad('cards');
  const s = newState(mode as Mode, players, j.memoryAid, num('turnLimit'), Rng.fromState(j.rng));
  s.cells.set(cells);
  s.up.set(up);
  s.seenAt.set(seenAt);
  s.notHeart.set(notHeart);
  s.peek.set(peek);
  s.peeked = peek.some((x) => x === 1);
  s.place.set(place);
  s.jokerValue.set(jokerValue);
  s.flipped.set(flipped);
  s.flipCount = flipped.length;
  s.clique.set(clique);
  s.cliqueCount = clique.length;
  s.set.set(set);
  s.setCount = set.length;
  s.looks.set(looks);
  s.lookCount = looks.length;
  s.phase = num('phase');
  s.toPlay = num('toPlay');
  s.turn = num('turn');
  s.flipTotal = num('flipTotal');
  s.cliqueOwner = num('cliqueOwner');
  s.cliqueTotal = num('cliqueTotal');
  s.setKind = num('setKind');
  s.putBack = num('putBack');
  s.active = num('active');
  s.lookLeft = num('lookLeft');
  s.scored = j.scored;
  s.passes = num('passes');
  for (let p = 0; p < size; p++) {
    if (cells[p]! >= 0) {
      s.gridCount++;
      if (!up[p]) s.downCount++;
    }
  }
  for (let c = 0; c < CARD_COUNT; c++) {
    const w = place[c]!;
    if (w >= P_PILE && w < P_PILE + players) s.pileCount[w - P_PILE]!++;
    if (w >= P_DIAMOND && w < P_DIAMOND + players) s.diamondCount[w - P_DIAMOND]!++;
  }
  const problem = verify(s);
  return problem ? err('invalid_state', `Not a consistent Sweet16 state: ${problem.message}`) : ok(s);
}

/** Every card in play wherever it lies (54 in the base game, 52 in the duel). */
function cards(s: Sweet16State): string[] {
  const out: string[] = [];
  for (let c = 0; c < CARD_COUNT; c++) if (s.place[c] !== P_NONE) out.push(CARD_NAMES[c]!);
  return out;
}

function candidateActions(s: Sweet16State, seat: Seat): Sweet16Action[] {
  const t = tablesOf(s);
  if (seat !== s.toPlay || s.phase === PH_OVER) {
    return [
      t.flip[0]!,
      t.look[0]!,
      STOP,
      SKIP,
      PASS,
      JOKER_ACTIONS[5]!,
      { type: 'tryst', cells: ['A1', 'B1'] },
    ];
  }
  const out: Sweet16Action[] = [...t.flip, ...t.look, ...t.activate, ...t.back];
  if (s.mode === MODE_DUEL) out.push(...t.take, ...t.bury);
  out.push(STOP, SKIP, PASS, ...JOKER_ACTIONS, { type: 'joker', value: 14 }, { type: 'joker', value: 2.5 });
  for (let r = 1; r <= 13; r++) out.push(STEAL_ACTIONS[cardOf(DIAMONDS, r)]!);
  out.push(STEAL_ACTIONS[0]!, STEAL_ACTIONS[JOKER_1]!);
  out.push(
    { type: 'tryst', cells: ['A1'] },
    { type: 'tryst', cells: ['A1', 'B1'] },
    { type: 'tryst', cells: ['A1', 'A2'] },
    { type: 'tryst', cells: ['A1', 'A1'] },
    { type: 'tryst', cells: ['A1', 'B2', 'C3'] },
    { type: 'tryst', cells: ['A1', 'B1', 'C1', 'D1'] },
    { type: 'tryst', cells: ['A1', 'A2', 'A3', 'A4'] },
  );
  // Every pair of a line (probes the 16 check and the line ownership).
  if (s.mode === MODE_DUEL) {
    for (let line = 0; line < 14; line++) {
      for (let i = 0; i < 7; i++) {
        const a = lineCell(line, i);
        const b = lineCell(line, (i + 1) % 7);
        out.push({ type: 'tryst', cells: [s.grid.names[Math.min(a, b)]!, s.grid.names[Math.max(a, b)]!] });
      }
    }
  }
  return out;
}

function verify(s: Sweet16State): EngineError | null {
  const bad = (why: string) => engineError('bad_state', why);
  const size = s.grid.size;
  let inGrid = 0;
  let down = 0;
  for (let p = 0; p < size; p++) {
    const c = s.cells[p]!;
    if (c < 0) {
      if (s.up[p]) return bad(`A hole at ${s.grid.names[p]} is face up.`);
      continue;
    }
    if (s.place[c] !== p) return bad(`${CARD_NAMES[c]} is at ${s.grid.names[p]} but recorded elsewhere.`);
    inGrid++;
    if (!s.up[p]) down++;
  }
  if (inGrid !== s.gridCount || down !== s.downCount) return bad('Grid counts are wrong.');
  const piles = new Int16Array(s.players);
  const diamonds = new Int8Array(s.players);
  let active = 0;
  let out = 0;
  for (let c = 0; c < CARD_COUNT; c++) {
    const w = s.place[c]!;
    if (w < 64) {
      if (w >= size || s.cells[w] !== c)
        return bad(`${CARD_NAMES[c]} is recorded at a position that does not hold it.`);
    } else if (w >= P_PILE && w < P_PILE + s.players) piles[w - P_PILE]!++;
    else if (w >= P_DIAMOND && w < P_DIAMOND + s.players) {
      if (suitOf(c) !== DIAMONDS) return bad(`${CARD_NAMES[c]} lies face up as a diamond.`);
      diamonds[w - P_DIAMOND]!++;
    } else if (w === P_ACTIVE) {
      if (c !== s.active) return bad('The activated card is misplaced.');
      active++;
    } else if (w === P_OUT) out++;
    else if (w === P_NONE) {
      if (s.mode !== MODE_DUEL || !isJoker(c)) return bad(`${CARD_NAMES[c]} is missing.`);
    } else if (w !== P_BURIED || s.mode !== MODE_DUEL) return bad(`${CARD_NAMES[c]} is in an unknown place.`);
  }
  for (let seat = 0; seat < s.players; seat++) {
    if (piles[seat] !== s.pileCount[seat] || diamonds[seat] !== s.diamondCount[seat])
      return bad(`Seat ${seat}'s pile or diamonds do not add up.`);
  }
  if (s.active >= 0 !== (active === 1)) return bad('The activated card is missing.');
  if (
    s.active >= 0 &&
    s.phase !== PH_CLUB &&
    s.phase !== PH_HEART &&
    s.phase !== PH_SPADE &&
    s.phase !== PH_TAKE &&
    s.phase !== PH_BURY
  )
    return bad('A card is activated outside an activation phase.');
  const over = s.phase === PH_OVER;
  if (s.turn > s.turnLimit) return bad('Past the turn limit.');
  if (s.mode === MODE_DUEL) {
    if (out !== 3) return bad('The duel leaves exactly 3 cards out of play.');
    if (s.downCount !== 0) return bad('The duel grid is face up.');
    if (![PH_TRYST, PH_ACTIVATE, PH_CLUB, PH_TAKE, PH_BURY, PH_OVER].includes(s.phase))
      return bad('Not a duel phase.');
    if ((s.phase === PH_ACTIVATE) !== s.setCount > 0) return bad('A tryst set outside the activation phase.');
    for (let i = 0; i < s.setCount; i++) if (s.cells[s.set[i]!]! < 0) return bad('A tryst card is missing.');
    if (s.passes < 0 || s.passes > 2 || (s.passes === 2 && !over)) return bad('Passes are inconsistent.');
    return checkKnowledge(s);
  }
  if (out !== 0) return bad('The base game has no cards out of play.');
  if (s.phase > PH_SPADE && !over) return bad('Not a base-game phase.');
  // Face-up grid cards are exactly this turn's flips, the clique and the set being scored.
  let faceUp = 0;
  const marked = new Uint8Array(size);
  const mark = (list: Int8Array, n: number, what: string): string | null => {
    for (let i = 0; i < n; i++) {
      const p = list[i]!;
      if (s.cells[p]! < 0 || !s.up[p] || marked[p]) return `${what} position ${s.grid.names[p]} is wrong.`;
      marked[p] = 1;
      faceUp++;
    }
    return null;
  };
  const m =
    mark(s.flipped, s.flipCount, 'A flipped') ??
    mark(s.clique, s.cliqueCount, 'A clique') ??
    mark(s.set, s.setCount, 'A scored');
  if (m) return bad(m);
  if (faceUp !== s.gridCount - s.downCount) return bad('A face-up card belongs to nothing.');
  let total = 0;
  for (let i = 0; i < s.flipCount; i++) total += valueOf(s, s.cells[s.flipped[i]!]!);
  if (total !== s.flipTotal) return bad('The flipped total is wrong.');
  if (s.flipCount > 0 && s.phase !== PH_FLIP && s.phase !== PH_JOKER)
    return bad('Flipped cards outside flipping.');
  if (s.phase === PH_FLIP && s.flipTotal >= 16) return bad('Flipping on at 16 or more.');
  if (s.cliqueOwner >= 0) {
    let ct = 0;
    for (let i = 0; i < s.cliqueCount; i++) ct += valueOf(s, s.cells[s.clique[i]!]!);
    if (s.cliqueCount < 2 || ct !== s.cliqueTotal || ct >= 16 || s.cliqueOwner >= s.players)
      return bad('The clique is inconsistent.');
  } else if (s.cliqueCount !== 0) return bad('A clique without owner.');
  for (let j = 0; j < 2; j++) {
    const p = s.place[JOKER_1 + j]!;
    const faceUp = p < 64 && s.up[p] === 1;
    const pending = s.phase === PH_JOKER && s.flipCount > 0 && s.flipped[s.flipCount - 1] === p;
    const v = s.jokerValue[j]!;
    if (faceUp && !pending && v === 0) return bad('A face-up Joker has no value.');
    if ((!faceUp || pending) && v !== 0) return bad('A Joker remembers a value it should have forgotten.');
  }
  if (s.phase === PH_JOKER && (s.flipCount === 0 || !isJoker(s.cells[s.flipped[s.flipCount - 1]!]!)))
    return bad('Joker phase without a Joker.');
  const scoringPhase = s.phase === PH_BACK || s.phase === PH_ACTIVATE;
  // S16-6 (C) follows (B): the set's other cards wait in the grid while a power resolves.
  const powerPhase = s.phase === PH_CLUB || s.phase === PH_HEART || s.phase === PH_SPADE;
  if (scoringPhase ? s.setCount === 0 : s.setCount > 0 && !powerPhase)
    return bad('A scored set outside scoring.');
  if ((s.phase === PH_BACK || s.phase === PH_ACTIVATE || s.active >= 0) !== (s.setKind !== SET_NONE))
    return bad('Scoring kind is inconsistent.');
  // (A heart look may collect the put-back card, leaving a hole there.)
  if (s.putBack >= size || (s.putBack >= 0 && s.up[s.putBack])) return bad('The put-back card is face up.');
  if (s.phase === PH_SPADE && (s.lookLeft < 1 || s.lookLeft + s.lookCount > 3))
    return bad('Spade looks miscounted.');
  return checkKnowledge(s);
}

export const sweet16: Game<Sweet16State, Sweet16Action> = {
  meta: {
    id: 'sweet16',
    name: 'Sweet16: Matchmaker',
    minPlayers: 2,
    maxPlayers: 5,
    defaultPlayers: 3,
    options: OPTIONS,
    hiddenInformation: true,
    simultaneous: false,
    summary:
      'A memory game: flip grid cards towards exactly 16 for a tryst, or stop lower for a clique; suits give powers. Option mode=duel: experimental 2-player variant.',
    notation:
      'Cards: rank then suit, ranks A 2..10 J Q K, suits C D H S (AH, 10D, QS), Jokers X1 X2. Positions: column letter + row, A1..I6 (duel A1..G7). Actions: flip B3, joker 7, stop, back B3, activate B3, skip, steal 7D, look B3; duel: tryst A3 C3 F3, take B5, bury B5, pass.',
  },
  setup,
  toAct,
  legalActions,
  applyInPlace,
  clone: cloneState,
  isOver: (s) => s.phase === PH_OVER,
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
  // Per turn at most: clique scoring (back, activate, club, 14 heart looks) + 11 flips, 2
  // declarations and a stop + a tryst's scoring again: 50 is a safe bound.
  maxActions: (s) => s.turnLimit * 50 + 10,
};
