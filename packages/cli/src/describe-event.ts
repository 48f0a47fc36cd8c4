/**
 * One line of text per event a seat sees, for the terminal. The caller picks the seat's own share
 * of each event with `eventsFor` (one body per happening, never a public copy followed by a private
 * one). The games' event unions, exported by @matchbox/engine, are described in words where a
 * sentence reads better than the fields (deals, bids, plays); any other event is written
 * generically from its fields, so a new event type never breaks the terminal.
 */
import type {
  EventBody,
  Json,
  MatchEvent,
  MatchMasterEvent,
  MatchetEvent,
  Seat,
  Sweet16Event,
  Viewer,
} from '@matchbox/engine';

/** The event bodies of every game. */
export type AnyEvent = MatchMasterEvent | MatchEvent | MatchetEvent | Sweet16Event;

const show = (v: Json): string =>
  Array.isArray(v)
    ? v.map(show).join(', ')
    : typeof v === 'object' && v !== null
      ? Object.entries(v)
          .map(([k, x]) => `${k} ${show(x)}`)
          .join(' ')
      : String(v);

/** "You"/"Seat 2", and the verb agreeing with it ("You play", "Seat 2 plays"). */
function subject(seat: Seat, viewer: Viewer, verb: string): string {
  if (seat === viewer) return `You ${verb}`;
  const third =
    verb === 'have'
      ? 'has'
      : /[^aeiou]y$/.test(verb)
        ? `${verb.slice(0, -1)}ies`
        : /(s|sh|ch|x)$/.test(verb)
          ? `${verb}es`
          : `${verb}s`;
  return `Seat ${seat} ${third}`;
}

const list = (values: readonly (number | string)[]): string => values.join(', ');
const seatList = (seats: readonly Seat[], viewer: Viewer): string =>
  seats.length === 0 ? 'nobody' : seats.map((s) => (s === viewer ? 'you' : `seat ${s}`)).join(', ');

/** Any event from its fields: `Seat 1 - tryst (cells: B3, B5; cards: 5S, JS)`. */
export function describeGeneric(event: EventBody, viewer: Viewer): string {
  const { type, seat, ...rest } = event as unknown as { type: string; seat?: Json } & Record<string, Json>;
  const who = typeof seat === 'number' ? (seat === viewer ? 'You' : `Seat ${seat}`) : '';
  const what = type.replace(/_/g, ' ');
  const details = Object.entries(rest)
    .filter(([, v]) => v !== undefined)
    .map(([k, v]) => `${k.replace(/([A-Z])/g, ' $1').toLowerCase()}: ${show(v)}`)
    .join('; ');
  return `${who ? `${who} - ` : ''}${what}${details ? ` (${details})` : ''}`;
}

function describeMatchmaster(e: MatchMasterEvent, viewer: Viewer): string | null {
  switch (e.type) {
    case 'hand_dealt':
      return `Hand ${e.hand} dealt: ${e.handSize} card${e.handSize === 1 ? '' : 's'} each, seat ${e.dealer} deals, ${seatList([e.leader], viewer)} lead${e.leader === viewer ? '' : 's'}.${e.cards ? ` Your cards: ${e.cards.join(' ')}.` : ''}`;
    case 'bid_made':
      return e.bid === undefined
        ? `${subject(e.seat, viewer, 'have')} bid.`
        : `${subject(e.seat, viewer, 'bid')} ${e.bid}.`;
    case 'bids_revealed':
      return `Bids revealed: ${list(e.bids)}; ${seatList([e.leader], viewer)} lead${e.leader === viewer ? '' : 's'}.`;
    case 'card_played':
      return `${subject(e.seat, viewer, 'play')} ${e.card}.`;
    case 'trick_won':
      return `${subject(e.seat, viewer, 'win')} trick ${e.trick}.`;
    case 'hand_scored':
      return `Hand ${e.hand} scored: points ${list(e.points)}; totals ${list(e.totals)}.`;
    case 'game_over':
      return `Game over: totals ${list(e.totals)}; won by ${seatList(e.winners, viewer)}.`;
  }
}

function describeMatch(e: MatchEvent, viewer: Viewer): string | null {
  switch (e.type) {
    case 'round_dealt':
      return `Round ${e.round} dealt: 5 cards each, ${e.upcard} turned up, ${seatList([e.starter], viewer)} to start.${e.hand ? ` Your hand: ${e.hand.join(' ')}.` : ''}`;
    case 'discard':
      return `${subject(e.seat, viewer, 'discard')} ${e.card}${e.from === 'collection' ? ' from the collection' : ''}.`;
    case 'wild':
      return `${subject(e.seat, viewer, 'play')} a wildcard and declare${e.seat === viewer ? '' : 's'} ${e.declared.colour}${e.declared.value}.`;
    case 'collect':
      return `${subject(e.seat, viewer, 'collect')} ${e.card}.`;
    case 'drew':
      return `${subject(e.seat, viewer, 'draw')} ${e.card ?? 'a card'}.`;
    case 'reshuffled':
      return `The pile is shuffled into a new deck of ${e.deckSize} cards.`;
    case 'no_draw':
      return `${subject(e.seat, viewer, 'find')} no card to draw.`;
    case 'round_scored':
      return `Round ${e.round} ended by ${seatList([e.endedBy], viewer)}: scores ${list(e.scores)}; totals ${list(e.totals)}.`;
    case 'game_over':
      return `Game over: totals ${list(e.totals)}; won by ${seatList(e.winners, viewer)}.`;
  }
}

function describeMatchet(e: MatchetEvent, viewer: Viewer): string | null {
  switch (e.type) {
    case 'deal':
      return `Round ${e.round} dealt: five tiles each, face up; ${seatList([e.starter], viewer)} lay${e.starter === viewer ? '' : 's'} the first tile; ${e.pool} in the pool.`;
    case 'shuffle':
      return `The ${e.pool} tiles are shuffled face down into the pool.`;
    case 'stacks':
      return `The tiles are dealt face up into ${e.stacks.length} stacks.`;
    case 'draw':
      return `${subject(e.seat, viewer, 'draw')} ${e.tile} (${e.pool} left in the pool).`;
    case 'reserve':
      return `${e.tile} cannot be played and goes onto the reserve (${e.pool} left in the pool).`;
    case 'place':
      return `${subject(e.seat, viewer, 'place')} ${e.tile} at ${e.row},${e.col}, red side ${e.red}${e.points > 0 ? `, scoring ${e.points}` : ''}${e.exceptional ? ' (an exceptional play)' : ''}.`;
    case 'pass':
      return `${subject(e.seat, viewer, 'pass')}.`;
    case 'round_end':
      return `Round ${e.round} over (${e.winner === null ? 'blocked' : `${seatList([e.winner], viewer)} went out`}): points ${list(e.points)}; totals ${list(e.totals)}.`;
    case 'game_over':
      return e.solo
        ? `Game over: ${e.solo.won ? 'won' : 'lost'}, ${e.solo.score} tiles placed.`
        : `Game over: totals ${list(e.scores)}; won by ${seatList(e.winners, viewer)}.`;
  }
}

function describeSweet16(e: Sweet16Event, viewer: Viewer): string | null {
  switch (e.type) {
    case 'grid_laid':
      return e.mode === 'duel'
        ? `The grid is laid out face up: ${e.cols} x ${e.rows}, ${e.outOfPlay} cards out of play.`
        : `The grid is laid out face down: ${e.cols} x ${e.rows}.`;
    case 'turn':
      return `Turn ${e.turn}: ${e.seat === viewer ? 'your turn' : `seat ${e.seat} to play`}.`;
    case 'score_clique':
      return `${subject(e.seat, viewer, 'score')} ${e.seat === viewer ? 'your' : 'its'} clique: ${e.cells.join(' ')}.`;
    case 'flip':
      return `${subject(e.seat, viewer, 'flip')} ${e.pos}: ${e.card}.`;
    case 'joker':
      return `${subject(e.seat, viewer, 'declare')} the Joker at ${e.pos} to be ${e.value}.`;
    case 'lose_face':
      return `${e.total > 16 ? `Over 16 (${e.total})` : `No 16 (${e.total})`}: ${e.cells.join(' ')} turn face down again.`;
    case 'tryst':
      return `${subject(e.seat, viewer, 'score')} a tryst: ${e.cells.map((c, i) => `${c} ${e.cards[i] ?? ''}`.trim()).join(', ')}.`;
    case 'clique':
      return `${subject(e.seat, viewer, 'stop')} at ${e.total}: ${e.cells.join(' ')} ${e.cells.length === 1 ? 'is' : 'are'} the clique on the table.`;
    case 'put_back':
      return `${subject(e.seat, viewer, 'put')} ${e.card} back face down at ${e.pos}.`;
    case 'activate':
      return `${subject(e.seat, viewer, 'activate')} ${e.card} (${e.pos}).`;
    case 'no_activation':
      return `${subject(e.seat, viewer, 'activate')} nothing.`;
    case 'no_steal':
      return `${subject(e.seat, viewer, 'steal')} nothing.`;
    case 'steal':
      return `${subject(e.seat, viewer, 'steal')} ${e.card} from ${seatList([e.from], viewer)}.`;
    case 'look':
      return `${subject(e.seat, viewer, 'look')} at ${e.pos} (${e.power})${e.card ? `: ${e.card}` : ''}.`;
    case 'heart_found':
      return `${subject(e.seat, viewer, 'find')} a heart at ${e.pos}: ${e.card}.`;
    case 'banked':
      return `${e.cards.length} card${e.cards.length === 1 ? ' goes' : 's go'} to ${e.seat === viewer ? 'your' : `seat ${e.seat}'s`} pile.`;
    case 'clique_dissolved':
      return `${e.seat === viewer ? 'Your' : `Seat ${e.seat}'s`} clique turns face down: ${e.cells.join(' ')}.`;
    case 'pass':
      return `${subject(e.seat, viewer, 'pass')}.`;
    case 'take':
      return `${subject(e.seat, viewer, 'take')} the heart ${e.card} (${e.pos}) as well.`;
    case 'bury':
      return `${subject(e.seat, viewer, 'bury')} ${e.card} (${e.pos}).`;
    case 'game_over':
      return `Game over: scores ${list(e.scores)}; won by ${seatList(e.winners, viewer)}.`;
  }
}

/** Each game's own sentences, by game id. */
const DESCRIBERS: Record<string, (event: AnyEvent, viewer: Viewer) => string | null> = {
  matchmaster: (e, viewer) => describeMatchmaster(e as MatchMasterEvent, viewer),
  match: (e, viewer) => describeMatch(e as MatchEvent, viewer),
  matchet: (e, viewer) => describeMatchet(e as MatchetEvent, viewer),
  sweet16: (e, viewer) => describeSweet16(e as Sweet16Event, viewer),
};

/**
 * One line for an event as `viewer` sees it. With `gameId`, the game's own events read as
 * sentences; without it (or for an event the game does not describe), the generic form.
 */
export function describeEvent(event: AnyEvent, viewer: Viewer, gameId?: string): string {
  const own = gameId !== undefined && Object.hasOwn(DESCRIBERS, gameId) ? DESCRIBERS[gameId] : undefined;
  return own?.(event, viewer) ?? describeGeneric(event, viewer);
}
