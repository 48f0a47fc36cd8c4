// The MatchMaster board in jsdom, fed with real engine states: the view, the legal choices and the
// refused candidates a seat's update carries (as the server computes them), and a recording `act`.
import type { GameEvent, MatchMasterEvent, MatchMasterState, MatchMasterView } from '@matchbox/engine';
import { eventsFor, matchmaster } from '@matchbox/engine';
import { act as reactAct, cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import i18next from 'i18next';
import { afterEach, describe, expect, it, vi } from 'vitest';
import Board from '../src/games/matchmaster/Board.tsx';
import { describeEvent } from '../src/games/matchmaster/log.ts';
import type { BoardProps } from '../src/games/types.ts';

type Props = BoardProps<MatchMasterView, MatchMasterEvent>;
const g = matchmaster;
const NAMES = ['Ada', 'Bea', 'Cem'];

function start(
  deck: string[],
  handSizes: number[],
  events?: GameEvent<MatchMasterEvent>[],
): MatchMasterState {
  const r = g.setup({ players: 3, seed: 'web-test', deck, options: { handSizes } }, events);
  if (!r.ok) throw new Error(r.error.message);
  return r.value;
}

function apply(
  s: MatchMasterState,
  seat: number,
  text: string,
  events?: GameEvent<MatchMasterEvent>[],
): void {
  const parsed = g.parseAction(text);
  if (!parsed.ok) throw new Error(parsed.error.message);
  const error = g.applyInPlace(s, seat, parsed.value, events);
  if (error) throw new Error(`${text}: ${error.message}`);
}

/** One seat's share of the state, as the server's update carries it. */
function propsFor(
  s: MatchMasterState,
  seat: number | null,
  act: Props['act'],
  events: GameEvent<MatchMasterEvent>[] = [],
): Props {
  const toAct = [...g.toAct(s)];
  const acting = seat !== null && toAct.includes(seat);
  const legal = acting
    ? g.legalActions(s, seat).map((a) => ({ text: g.formatAction(a), action: { ...a } }))
    : [];
  const allowed = new Set(legal.map((l) => l.text));
  const blocked: Props['blocked'][number][] = [];
  if (acting) {
    for (const a of g.candidateActions(s, seat)) {
      const text = g.formatAction(a);
      if (allowed.has(text)) continue;
      const error = g.applyInPlace(g.clone(s), seat, a);
      if (error) blocked.push({ text, code: error.code, message: error.message });
    }
  }
  return {
    view: g.view(s, seat),
    seat,
    legal,
    blocked,
    toAct,
    events: eventsFor(events, seat),
    seatNames: NAMES,
    act,
  };
}

const okAct = (): Props['act'] & ReturnType<typeof vi.fn> => vi.fn(async () => ({ ok: true }));

// Seat 1 leads (the dealer is seat 0). Hand 1 deals 3 cards: seat 1, seat 2, seat 0 in turn.
// Seat 1 leads lb10; seat 2 is void in light blue and trumps with do5; seat 0 is void in light blue
// and holds do9 (higher) and do3, db4: it must overtrump.
const OVERTRUMP_DECK = ['lb10', 'lo1', 'lo2', 'do5', 'db1', 'db2', 'do3', 'do9', 'db4'];
// Seat 0 holds light blue when light blue is led: it must follow suit.
const FOLLOW_DECK = ['lb10', 'lo1', 'lo2', 'lb2', 'db1', 'db2', 'lb3', 'do9', 'db4'];
// One card each: seat 1 lb10, seat 2 lb2, seat 0 lb3.
const ONE_CARD_DECK = ['lb10', 'lb2', 'lb3'];

function bidAll(s: MatchMasterState, bids: number[] = [1, 1, 1]): void {
  bids.forEach((b, seat) => apply(s, seat, `bid ${b}`));
}

afterEach(async () => {
  await i18next.changeLanguage('en');
});

describe('the MatchMaster board', () => {
  it('renders a bidding view: trump, the hand by suit, the bid picker from legal, the score pad', () => {
    const s = start(OVERTRUMP_DECK, [3, 2, 1]);
    render(<Board {...propsFor(s, 0, okAct())} />);
    expect(screen.getByRole('note', { name: /trump: dark orange/i })).toBeTruthy();
    const hand = screen.getByRole('group', { name: 'Your cards' });
    const cards = within(hand).getAllByRole('button');
    // trump first, then the other suits
    expect(cards.map((c) => c.getAttribute('data-card'))).toEqual(['do3', 'do9', 'db4']);
    expect(cards[0]!.querySelector('.visually-hidden')!.textContent).toBe('dark orange 3, trump');
    // bidding: the cards are not to be played, the picker offers 0..3
    expect(cards.every((c) => c.getAttribute('aria-disabled') === 'true')).toBe(true);
    const picker = screen.getByRole('group', { name: 'Your secret bid' });
    expect(
      within(picker)
        .getAllByRole('button')
        .map((b) => b.textContent),
    ).toEqual(['0', '1', '2', '3']);
    expect(within(picker).getByRole('button', { name: 'Bid 2 tricks' })).toBeTruthy();
    // the score pad has a row per hand of the game
    const pad = screen.getByRole('region', { name: 'Score pad' });
    expect(within(pad).getAllByRole('row')).toHaveLength(1 + 3 + 1);
    // the seats: nobody has bid yet; the others are thinking, your own seat waits for your bid
    expect(screen.getByRole('group', { name: /^Bea, thinking/ })).toBeTruthy();
    const mine = screen.getByRole('group', { name: /\(you\), dealer, yet to bid/ });
    expect(mine.textContent).not.toMatch(/thinking/);
  });

  it('bids by digit and by clicking a matchstick choice', async () => {
    const s = start(OVERTRUMP_DECK, [3, 2, 1]);
    const act = okAct();
    render(<Board {...propsFor(s, 0, act)} />);
    await reactAct(async () => {
      fireEvent.keyDown(document.body, { key: '2' });
    });
    expect(act).toHaveBeenCalledWith('bid 2');
    await reactAct(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Bid 0 tricks' }));
    });
    expect(act).toHaveBeenLastCalledWith('bid 0');
    // a digit beyond the hand size is refused here with a message, and nothing is sent
    act.mockClear();
    await reactAct(async () => {
      fireEvent.keyDown(document.body, { key: '7' });
    });
    expect(act).not.toHaveBeenCalled();
    expect(screen.getByRole('alert').textContent).toMatch(/7 is not a bid in this hand: choose 0 to 3/);
  });

  it('keeps the own bid secret from others and shows it to the bidder, then reveals all', () => {
    const s = start(OVERTRUMP_DECK, [3, 2, 1]);
    apply(s, 0, 'bid 2');
    const { unmount } = render(<Board {...propsFor(s, 1, okAct())} />);
    expect(screen.getByRole('group', { name: /^Ada, dealer, has bid/ })).toBeTruthy();
    unmount();
    render(<Board {...propsFor(s, 0, okAct())} />);
    expect(screen.getByText(/Your bid: 2 tricks, secret/)).toBeTruthy();
    cleanup();
    const events: GameEvent<MatchMasterEvent>[] = [];
    apply(s, 1, 'bid 0');
    apply(s, 2, 'bid 1', events);
    render(<Board {...propsFor(s, 0, okAct(), events)} />);
    expect(screen.getByRole('status').textContent).toMatch(/Bids revealed!/);
    expect(screen.getByRole('group', { name: /^Bea, bid 0 tricks, 0 tricks won/ })).toBeTruthy();
    expect(screen.getByRole('group', { name: /^Cem, bid 1 trick, 0 tricks won/ })).toBeTruthy();
  });

  it('clicking a legal card sends its text; illegal cards are dimmed with the reason', async () => {
    const s = start(OVERTRUMP_DECK, [3, 2, 1]);
    bidAll(s);
    apply(s, 1, 'lb10');
    apply(s, 2, 'do5');
    const act = okAct();
    render(<Board {...propsFor(s, 0, act)} />);
    const hand = screen.getByRole('group', { name: 'Your cards' });
    const do9 = within(hand).getByRole('button', { name: /^dark orange 9, trump, playable$/ });
    const do3 = within(hand).getByRole('button', { name: /^dark orange 3, trump, not playable/ });
    expect(do9.className).toContain('mm-card--legal');
    expect(do3.className).toContain('mm-card--illegal');
    expect(do3.getAttribute('aria-disabled')).toBe('true');
    const reason = 'You must overtrump: play a trump higher than dark orange 5.';
    expect(do3.getAttribute('title')).toBe(reason);
    // focusing the dimmed card shows the reason where the pointer and screen readers find it
    fireEvent.focus(do3);
    const tip = document.getElementById(do3.getAttribute('aria-describedby')!)!;
    expect(tip.textContent).toContain(reason);
    // clicking it sends nothing; clicking the legal card sends its notation
    await reactAct(async () => {
      fireEvent.click(do3);
    });
    expect(act).not.toHaveBeenCalled();
    await reactAct(async () => {
      fireEvent.click(do9);
    });
    expect(act).toHaveBeenCalledWith('do9');
    // the trick in the middle
    const trick = screen.getByRole('group', { name: 'The trick' });
    expect(within(trick).getByRole('img', { name: 'Bea: light blue 10' })).toBeTruthy();
    expect(within(trick).getByRole('img', { name: 'Cem: dark orange 5' })).toBeTruthy();
  });

  it('says "you must follow suit" with the led suit, in German too', async () => {
    const s = start(FOLLOW_DECK, [3, 2, 1]);
    bidAll(s);
    apply(s, 1, 'lb10');
    apply(s, 2, 'lb2');
    render(<Board {...propsFor(s, 0, okAct())} />);
    const db4 = screen.getByRole('button', { name: /^dark blue 4/ });
    fireEvent.mouseEnter(db4);
    expect(db4.getAttribute('title')).toBe('You must follow suit: play light blue.');
    await reactAct(async () => {
      await i18next.changeLanguage('de');
    });
    const db4de = screen.getByRole('button', { name: /^Dunkelblau 4/ });
    expect(db4de.getAttribute('title')).toBe('Du musst Farbe bedienen: Spiele Hellblau.');
    expect(screen.getByRole('note', { name: /Trumpf: immer Dunkelorange/ })).toBeTruthy();
  });

  it('plays by keyboard: arrows choose a card, Enter plays it', async () => {
    const s = start(FOLLOW_DECK, [3, 2, 1]);
    bidAll(s);
    const act = okAct();
    // seat 1 leads: every card is legal
    render(<Board {...propsFor(s, 1, act)} />);
    const hand = screen.getByRole('group', { name: 'Your cards' });
    const buttons = within(hand).getAllByRole('button');
    expect(buttons.map((b) => b.getAttribute('data-card'))).toEqual(['lo1', 'lo2', 'lb10']);
    // the first playable card took the focus when the turn came
    expect(document.activeElement).toBe(buttons[0]);
    fireEvent.keyDown(buttons[0]!, { key: 'ArrowRight' });
    fireEvent.keyDown(buttons[1]!, { key: 'ArrowRight' });
    expect(document.activeElement).toBe(buttons[2]);
    fireEvent.keyDown(buttons[2]!, { key: 'ArrowRight' });
    expect(document.activeElement).toBe(buttons[0]);
    fireEvent.keyDown(buttons[0]!, { key: 'End' });
    // a native button plays on Enter (a click); jsdom does not synthesise it, so click it
    await reactAct(async () => {
      fireEvent.click(document.activeElement!);
    });
    expect(act).toHaveBeenCalledWith('lb10');
  });

  it('fills the score pad from the history and marks the current hand', () => {
    const s = start(ONE_CARD_DECK, [1, 2]);
    bidAll(s, [1, 0, 0]);
    // hand 1, one card each: seat 1 leads lb10, seat 2 lb2, seat 0 lb3: seat 1 wins
    apply(s, 1, 'lb10');
    apply(s, 2, 'lb2');
    apply(s, 0, 'lb3');
    render(<Board {...propsFor(s, 0, okAct())} />);
    const pad = screen.getByRole('region', { name: 'Score pad' });
    const rows = within(pad).getAllByRole('row');
    // Ada bid 1 won 0: -1; Bea bid 0 won 1: -1; Cem bid 0 won 0: 10
    expect(within(rows[1]!).getByLabelText('-1 points (bid 1, won 0)')).toBeTruthy();
    expect(within(rows[1]!).getByLabelText('10 points (bid 0, won 0)')).toBeTruthy();
    expect(rows[2]!.getAttribute('aria-current')).toBe('step');
    expect(rows[3]!.textContent).toContain('Total');
    expect(rows[3]!.textContent).toContain('10');
  });

  it('holds a finished trick a moment, gathers it, and sums the hand up beside the table', () => {
    vi.useFakeTimers();
    try {
      const s = start(ONE_CARD_DECK, [1, 2]);
      bidAll(s, [1, 0, 0]);
      apply(s, 1, 'lb10');
      apply(s, 2, 'lb2');
      const before = render(<Board {...propsFor(s, 0, okAct())} />);
      // Ada's card ends the hand: the next hand's view comes with the last trick's events.
      const events: GameEvent<MatchMasterEvent>[] = [];
      apply(s, 0, 'lb3', events);
      before.rerender(<Board {...propsFor(s, 0, okAct(), events)} />);
      const trick = screen.getByRole('group', { name: 'The trick' });
      expect(trick.getAttribute('data-done')).toBe('true');
      expect(within(trick).getAllByRole('img')).toHaveLength(3);
      // Bea won the trick (lb10): her seat says so.
      expect(screen.getByRole('group', { name: /^Bea, .*won the last trick/ })).toBeTruthy();
      // The summary: who bid what, who made it, the points.
      const summary = screen.getByRole('region', { name: 'Hand summary' });
      expect(within(summary).getByText('Hand 1: the score')).toBeTruthy();
      expect(within(summary).getByLabelText('You: bid 1, won 0, missed, -1 points, total -1')).toBeTruthy();
      expect(within(summary).getByLabelText('Bea: bid 0, won 1, missed, -1 points, total -1')).toBeTruthy();
      expect(within(summary).getByLabelText('Cem: bid 0, won 0, made it, +10 points, total 10')).toBeTruthy();
      // A moment later the trick is gathered to its winner, then gone; the summary stays.
      reactAct(() => void vi.advanceTimersByTime(1300));
      expect(trick.className).toContain('mm-trick--gathering');
      reactAct(() => void vi.advanceTimersByTime(500));
      expect(trick.getAttribute('data-done')).toBeNull();
      expect(within(trick).queryAllByRole('img')).toHaveLength(0);
      expect(screen.getByRole('region', { name: 'Hand summary' })).toBeTruthy();
      // Once every bid of the next hand is in, play begins and the summary goes.
      apply(s, 0, 'bid 0');
      apply(s, 1, 'bid 1');
      apply(s, 2, 'bid 1');
      before.rerender(<Board {...propsFor(s, 0, okAct())} />);
      expect(screen.queryByRole('region', { name: 'Hand summary' })).toBeNull();
    } finally {
      vi.useRealTimers();
    }
  });

  it('puts the face and presence of every seat on the felt', () => {
    const s = start(OVERTRUMP_DECK, [3]);
    const seats = [
      { seat: 0, kind: 'human', name: 'Ada', avatar: 'fox', level: null, left: false, connected: true },
      { seat: 1, kind: 'human', name: 'Bea', avatar: 'owl', level: null, left: false, connected: false },
      { seat: 2, kind: 'bot', name: 'Cem', avatar: 'bear', level: 'easy', left: false, connected: true },
    ] as const;
    const { container } = render(<Board {...propsFor(s, 0, okAct())} seats={seats} />);
    const face = (seat: number) => container.querySelector(`.mm-seat[data-seat="${seat}"]`)!;
    expect(face(0).getAttribute('data-presence')).toBe('here');
    expect(face(0).querySelector('[data-avatar="fox"]')).toBeTruthy();
    expect(face(1).getAttribute('data-presence')).toBe('away');
    expect(screen.getByRole('group', { name: /^Bea, away from the table/ })).toBeTruthy();
    expect(face(2).getAttribute('data-presence')).toBe('bot');
    expect(face(2).querySelector('[data-avatar="bear"]')).toBeTruthy();
  });

  it('shows a spectator no hand and no bid picker', () => {
    const s = start(OVERTRUMP_DECK, [3]);
    render(<Board {...propsFor(s, null, okAct())} />);
    expect(screen.queryByRole('group', { name: 'Your cards' })).toBeNull();
    expect(screen.queryByRole('group', { name: 'Your secret bid' })).toBeNull();
    expect(screen.getByText('You are watching this table.')).toBeTruthy();
    for (const card of ['do3', 'do9', 'db4', 'lb10', 'do5'])
      expect(document.body.innerHTML).not.toContain(card);
  });
});

describe('MatchMaster events in words', () => {
  it('describes every event of a short game for a seat and a spectator, in English and German', async () => {
    const events: GameEvent<MatchMasterEvent>[] = [];
    const s = start(ONE_CARD_DECK, [1], events);
    bidAll(s, [1, 0, 0]);
    // the bids were applied without events above; apply the plays with events
    apply(s, 1, 'lb10', events);
    apply(s, 2, 'lb2', events);
    apply(s, 0, 'lb3', events);
    const t = i18next.getFixedT('en', 'matchmaster');
    const mine = eventsFor(events, 0);
    const lines = mine.map((e) => describeEvent(e, t, NAMES, 0));
    expect(lines).toEqual([
      'Hand 1 dealt: 1 card each. Dealer: you; first lead: Bea. Your cards: light blue 3.',
      'Bea plays light blue 10.',
      'Cem plays light blue 2.',
      'You play light blue 3.',
      'Bea wins trick 1.',
      'Hand 1 scored: you -1, Bea -1, Cem +10. Totals: you -1, Bea -1, Cem 10.',
      'Game over. Winner: Cem (you -1, Bea -1, Cem 10).',
    ]);
    const de = i18next.getFixedT('de', 'matchmaster');
    expect(describeEvent({ type: 'card_played', seat: 0, card: 'do13' }, de, NAMES, 0)).toBe(
      'Du spielst Dunkelorange 13.',
    );
    expect(describeEvent({ type: 'bid_made', seat: 2 }, de, NAMES, null)).toBe('Cem hat angesagt.');
    expect(describeEvent({ type: 'bid_made', seat: 2, bid: 1 }, t, NAMES, 2)).toBe('You bid 1 trick.');
    expect(describeEvent({ type: 'bids_revealed', bids: [1, 0, 2], leader: 1 }, t, NAMES, null)).toBe(
      'Bids revealed: Ada 1, Bea 0, Cem 2. First lead: Bea.',
    );
    expect(describeEvent({ type: 'game_over', totals: [5, 5, 1], winners: [0, 1] }, de, NAMES, 1)).toBe(
      'Spielende. Gewonnen haben Ada und du (Ada 5, du 5, Cem 1).',
    );
  });
});
