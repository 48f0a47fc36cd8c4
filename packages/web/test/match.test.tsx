// The MATCH! board in jsdom, on views and legal lists made by the real engine (as the server
// sends them), plus a few hand-made legal lists for what the engine rarely or never offers.
import type { GameEvent, MatchEvent, MatchState, MatchView } from '@matchbox/engine';
import { match } from '@matchbox/engine';
import type { LegalChoice } from '@matchbox/client';
import { act as reactAct, fireEvent, render, screen, within } from '@testing-library/react';
import { Suspense } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { i18next } from '../src/i18n/index.ts';
import Board from '../src/games/match/Board.tsx';
import { describeEvent } from '../src/games/match/log.ts';
import type { BoardProps } from '../src/games/types.ts';

// Seat 0: W r3 y1 b4 g0; seat 1: r1 y2 g2 b2 p2; the red 5 turned up; then the deck (MA-X2).
const DECK = ['W', 'r3', 'y1', 'b4', 'g0', 'r1', 'y2', 'g2', 'b2', 'p2', 'r5', 'p4', 'y5', 'g3', 'b0'];
const NAMES = ['Ada', 'Bot Bea'];

function newGame(): MatchState {
  const r = match.setup({ players: 2, seed: 'web-test', deck: DECK, options: { target: 10 } });
  if (!r.ok) throw new Error(r.error.message);
  return r.value;
}

function play(state: MatchState, seat: number, text: string): MatchEvent[] {
  const action = match.parseAction(text);
  if (!action.ok) throw new Error(action.error.message);
  const events: GameEvent<MatchEvent>[] = [];
  const error = match.applyInPlace(state, seat, action.value, events);
  if (error) throw new Error(error.message);
  return events.map((e) => (e.seats?.[seat] ?? e.all) as MatchEvent).filter(Boolean);
}

/** The props a seat's board receives, as the server builds them. */
function propsFor(
  state: MatchState,
  seat: number | null,
  extra: Partial<BoardProps<MatchView, MatchEvent>> = {},
): BoardProps<MatchView, MatchEvent> & { act: ReturnType<typeof vi.fn> } {
  const legal: LegalChoice[] =
    seat === null
      ? []
      : match.legalActions(state, seat).map((a) => ({ text: match.formatAction(a), action: { ...a } }));
  const act = vi.fn(async () => ({ ok: true }));
  return {
    view: match.view(state, seat),
    seat,
    legal,
    blocked: [],
    toAct: match.toAct(state),
    events: [],
    seatNames: NAMES,
    act,
    ...extra,
  } as BoardProps<MatchView, MatchEvent> & { act: ReturnType<typeof vi.fn> };
}

function show(props: BoardProps<MatchView, MatchEvent>) {
  return render(
    <Suspense fallback="loading">
      <Board {...props} />
    </Suspense>,
  );
}

const handButton = (name: RegExp) => within(screen.getByRole('toolbar')).getByRole('button', { name });

describe('MATCH! board', () => {
  it('renders the pile, the deck, both seats with five stacks, the hand and whose turn', () => {
    const state = newGame();
    play(state, 0, 'collect y1');
    play(state, 1, 'collect g2');
    show(propsFor(state, 0));
    expect(screen.getByRole('img', { name: 'Top of the pile: red 5' })).toBeTruthy();
    expect(screen.getByText('51 cards')).toBeTruthy();
    expect(screen.getByText('Your turn')).toBeTruthy();
    expect(screen.getByText('Ada (you)')).toBeTruthy();
    expect(screen.getByText('Bot Bea')).toBeTruthy();
    // Five stacks per seat; the collected cards are on top of theirs.
    const stacks = screen.getAllByRole('list', { name: /stacks/i });
    expect(stacks).toHaveLength(2);
    for (const list of stacks) expect(within(list).getAllByRole('listitem')).toHaveLength(5);
    expect(screen.getByRole('img', { name: 'Yellow stack, 1 card: yellow 1' })).toBeTruthy();
    expect(screen.getByRole('img', { name: 'Green stack, 1 card: green 2' })).toBeTruthy();
    expect(screen.getAllByRole('img', { name: /stack: empty/ })).toHaveLength(8);
    // Scores toward the target of 10 and this round's collection points.
    expect(screen.getAllByText('0 / 10')).toHaveLength(2);
    expect(screen.getByText('collected +1')).toBeTruthy();
    expect(screen.getByText('collected +2')).toBeTruthy();
    // The hand: five cards, the playable ones marked with what they do.
    const hand = screen.getByRole('toolbar', { name: 'Your hand, 5 cards' });
    expect(within(hand).getAllByRole('button')).toHaveLength(5);
    expect(handButton(/^red 3: discard/).className).toContain('is-playable');
    expect(handButton(/^green 0: collect/).className).toContain('is-playable');
    expect(handButton(/^wildcard: play it and declare/).className).toContain('is-playable');
    expect(screen.getByText('Match')).toBeTruthy();
    expect(screen.getByText('Red')).toBeTruthy();
  });

  it('sends the notation of the card clicked: a discard, a collect', async () => {
    const state = newGame();
    const props = propsFor(state, 0);
    show(props);
    await reactAct(async () => fireEvent.click(handButton(/^red 3/)));
    expect(props.act).toHaveBeenLastCalledWith('discard r3');
    await reactAct(async () => fireEvent.click(handButton(/^blue 4/)));
    expect(props.act).toHaveBeenLastCalledWith('collect b4');
  });

  it('plays with the keyboard: arrows move along the hand, Enter plays', () => {
    const state = newGame();
    const props = propsFor(state, 0);
    show(props);
    const first = handButton(/^red 3/);
    expect(first.tabIndex).toBe(0);
    first.focus();
    fireEvent.keyDown(first, { key: 'ArrowRight' });
    expect(document.activeElement).toBe(handButton(/^yellow 1/));
    expect(handButton(/^yellow 1/).tabIndex).toBe(0);
    expect(first.tabIndex).toBe(-1);
    fireEvent.keyDown(document.activeElement!, { key: 'End' });
    expect(document.activeElement).toBe(handButton(/^wildcard/));
    // Enter on a focused button is a click in browsers; Testing Library sends the click itself.
    fireEvent.click(document.activeElement!);
    expect(screen.getByRole('dialog', { name: /declare a colour and a number/i })).toBeTruthy();
    fireEvent.keyDown(document.activeElement!, { key: 'Escape' });
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('offers the wildcard declarations of `legal` and only those', () => {
    const state = newGame();
    const full = propsFor(state, 0);
    // Every declaration the engine lists...
    const { unmount } = show(full);
    fireEvent.click(handButton(/^wildcard/));
    const dialog = screen.getByRole('dialog');
    expect(within(dialog).getAllByRole('button', { name: /^Declare / })).toHaveLength(30);
    unmount();
    // ...and when the server lists three, exactly those three, in their colours' rows.
    const three = new Set(['wild r0', 'wild b4', 'wild b5']);
    const props = propsFor(state, 0);
    props.legal = full.legal.filter((l) => !l.text.startsWith('wild') || three.has(l.text));
    show(props);
    fireEvent.click(handButton(/^wildcard/));
    const picker = screen.getByRole('dialog');
    const cells = within(picker).getAllByRole('button', { name: /^Declare / });
    expect(cells.map((c) => c.getAttribute('aria-label'))).toEqual([
      'Declare red 0',
      'Declare blue 4',
      'Declare blue 5',
    ]);
    expect(
      within(picker)
        .getAllByRole('group')
        .map((g) => g.getAttribute('aria-label')),
    ).toEqual(['Play the wildcard: declare a colour and a number', 'Red', 'Blue']);
    expect(document.activeElement).toBe(cells[0]);
    // Down from red 0 goes to the nearest row's offer (blue 4), right to blue 5, up to red 0.
    fireEvent.keyDown(cells[0]!, { key: 'ArrowDown' });
    expect(document.activeElement).toBe(cells[1]);
    fireEvent.keyDown(cells[1]!, { key: 'ArrowRight' });
    expect(document.activeElement).toBe(cells[2]);
    fireEvent.keyDown(cells[2]!, { key: 'ArrowUp' });
    expect(document.activeElement).toBe(cells[0]);
    fireEvent.click(within(picker).getByRole('button', { name: 'Declare blue 4' }));
    expect(props.act).toHaveBeenCalledWith('wild b4');
  });

  it('offers both choices for a card that may be discarded and collected', () => {
    const state = newGame();
    const props = propsFor(state, 0);
    props.legal = [
      { text: 'discard r3', action: { type: 'discard', card: 'r3' } },
      { text: 'collect r3', action: { type: 'collect', card: 'r3' } },
    ];
    show(props);
    const card = handButton(/^red 3: discard it or collect it/);
    expect(card.textContent).toContain('Choose');
    fireEvent.click(card);
    expect(props.act).not.toHaveBeenCalled();
    const dialog = screen.getByRole('dialog', { name: 'red 3: what now?' });
    const buttons = within(dialog).getAllByRole('button');
    expect(buttons.map((b) => b.textContent)).toEqual([
      'Discard red 3 onto the pile',
      'Collect red 3 on your Red stack and draw',
      'Cancel',
    ]);
    fireEvent.click(buttons[1]!);
    expect(props.act).toHaveBeenCalledWith('collect r3');
    // Cards without a legal choice are dimmed and do nothing.
    const dimmed = handButton(/^yellow 1: not playable now/);
    expect(dimmed.getAttribute('aria-disabled')).toBe('true');
    fireEvent.click(dimmed);
    expect(props.act).toHaveBeenCalledTimes(1);
  });

  it('shows a declared wildcard, the forced discard, and discards a stack top', () => {
    const state = newGame();
    play(state, 0, 'collect y1');
    play(state, 1, 'collect g2');
    play(state, 0, 'wild y1');
    const events = play(state, 1, 'collect p2');
    const props = propsFor(state, 0, { events });
    show(props);
    expect(screen.getByRole('img', { name: 'Top of the pile: wildcard' })).toBeTruthy();
    expect(screen.getByRole('img', { name: 'Declared with the wildcard: yellow 1' })).toBeTruthy();
    expect(screen.getByText('A card on top of your stacks matches: you must discard.')).toBeTruthy();
    expect(screen.getByText('Bot Bea collects purple 2.')).toBeTruthy();
    const stack = screen.getByRole('button', { name: /Yellow stack.*Discard yellow 1 from your stack/ });
    fireEvent.click(stack);
    expect(props.act).toHaveBeenCalledWith('discard stack:y');
    // The cards the server does not list are dimmed with why.
    expect(handButton(/^blue 4: not playable now: a card on top of your stacks matches/)).toBeTruthy();
  });

  it('shows the act error and waits for nothing when it is not the seat turn', async () => {
    const state = newGame();
    const props = propsFor(state, 0);
    props.act = vi.fn(async () => ({
      ok: false,
      error: { code: 'not_your_turn', message: 'It is not your turn' },
    }));
    show(props);
    await reactAct(async () => {
      fireEvent.click(handButton(/^red 3/));
    });
    expect(screen.getByRole('alert').textContent).toBe('It is not your turn.');

    const other = propsFor(state, 1);
    other.seatNames = ['Ada', 'Bea'];
    show(other);
    expect(screen.getAllByText('Ada to play').length).toBeGreaterThan(0);
    const hands = screen.getAllByRole('toolbar');
    const beaHand = hands[hands.length - 1]!;
    fireEvent.click(within(beaHand).getAllByRole('button')[0]!);
    expect(other.act).not.toHaveBeenCalled();
  });

  it("sums the round up when it ends (who ended it, each seat's points and total) until put away", async () => {
    const state = newGame();
    let events: MatchEvent[] = [];
    for (let n = 0; n < 500 && !events.some((e) => e.type === 'round_scored'); n++) {
      const seat = match.toAct(state)[0]!;
      events = play(state, seat, match.formatAction(match.legalActions(state, seat)[0]!));
    }
    const scored = events.find((e) => e.type === 'round_scored');
    expect(scored?.type).toBe('round_scored');
    if (scored?.type !== 'round_scored') return;
    show(propsFor(state, 0, { events }));
    const summary = screen.getByRole('region', { name: 'Round summary' });
    const ender = scored.endedBy === 0 ? 'you' : 'Bot Bea';
    expect(within(summary).getByRole('heading').textContent).toBe(`Round 1 is over: ${ender} ended it`);
    const rows = within(summary).getAllByRole('listitem');
    expect(rows.map((r) => r.textContent)).toEqual(
      scored.scores.map(
        (points, s) =>
          `${s === 0 ? 'Ada (you)' : 'Bot Bea'} ${points > 0 ? `+${points}` : String(points)} total ${scored.totals[s]}`,
      ),
    );
    if (match.view(state, 0).phase === 'over') return;
    await reactAct(async () => {
      fireEvent.click(within(summary).getByRole('button', { name: 'On to round 2' }));
    });
    expect(screen.queryByRole('region', { name: 'Round summary' })).toBeNull();
  });

  it("stands over the pile during the table's pause after a round, then goes beside it", () => {
    const state = newGame();
    let events: MatchEvent[] = [];
    for (let n = 0; n < 500 && !events.some((e) => e.type === 'round_scored'); n++) {
      const seat = match.toAct(state)[0]!;
      events = play(state, seat, match.formatAction(match.legalActions(state, seat)[0]!));
    }
    expect(match.view(state, 0).phase).not.toBe('over');
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] });
    try {
      show(propsFor(state, 0, { events, pauseUntil: Date.now() + 4000 }));
      const felt = screen.getByTestId('felt-summary');
      expect(felt.closest('.ma-centre')).toBeTruthy();
      expect(felt.getAttribute('role')).toBe('status');
      expect(felt.textContent).toMatch(/^Round 1 is over: (you|Bot Bea) ended it/);
      expect(felt.querySelectorAll('li')).toHaveLength(2);
      expect(screen.queryByRole('region', { name: 'Round summary' })).toBeNull();
      reactAct(() => void vi.advanceTimersByTime(4100));
      expect(screen.queryByTestId('felt-summary')).toBeNull();
      expect(screen.getByRole('region', { name: 'Round summary' })).toBeTruthy();
    } finally {
      vi.useRealTimers();
    }
  });

  it('stands over the pile on a page opened during the pause, with no event of the round', () => {
    const state = newGame();
    let events: MatchEvent[] = [];
    for (let n = 0; n < 500 && !events.some((e) => e.type === 'round_scored'); n++) {
      const seat = match.toAct(state)[0]!;
      events = play(state, seat, match.formatAction(match.legalActions(state, seat)[0]!));
    }
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] });
    try {
      // A reloaded page's first update: the view and the pause's end, no events.
      const { unmount } = show(propsFor(state, 0, { events: [], pauseUntil: Date.now() + 3000 }));
      const felt = screen.getByTestId('felt-summary');
      expect(felt.getAttribute('data-round')).toBe('1');
      expect(felt.textContent).toMatch(/^Round 1 is over: (you|Bot Bea) ended it/);
      reactAct(() => void vi.advanceTimersByTime(3100));
      expect(screen.queryByTestId('felt-summary')).toBeNull();
      expect(screen.getByRole('region', { name: 'Round summary' })).toBeTruthy();
      unmount();
      // Without a pause a page opened later shows no summary of a past round.
      show(propsFor(state, 0, { events: [], pauseUntil: null }));
      expect(screen.queryByTestId('felt-summary')).toBeNull();
      expect(screen.queryByRole('region', { name: 'Round summary' })).toBeNull();
    } finally {
      vi.useRealTimers();
    }
  });

  it('shows each seat with its face, and a person away as away', () => {
    const seats = [
      { seat: 0, kind: 'human', name: 'Ada', avatar: 'fox', level: null, left: false, connected: true },
      { seat: 1, kind: 'human', name: 'Bot Bea', avatar: 'owl', level: null, left: false, connected: false },
    ] as const;
    const { container } = show(propsFor(newGame(), 0, { seats }));
    expect(container.querySelectorAll('[data-avatar="fox"]')).toHaveLength(1);
    expect(container.querySelectorAll('[data-avatar="owl"]')).toHaveLength(1);
    expect(screen.getAllByText('away')).toHaveLength(1);
  });

  it('gives a spectator the table without a hand', () => {
    const state = newGame();
    show(propsFor(state, null));
    expect(screen.queryByRole('toolbar')).toBeNull();
    expect(screen.getAllByRole('list', { name: 'Stacks' })).toHaveLength(2);
    expect(screen.getByText('Ada to play')).toBeTruthy();
    expect(document.body.textContent).not.toContain('Ada (you)');
  });

  it('speaks German', async () => {
    await reactAct(async () => {
      await i18next.changeLanguage('de');
    });
    try {
      const state = newGame();
      play(state, 0, 'collect y1');
      const events = play(state, 1, 'collect g2');
      show(propsFor(state, 0, { events }));
      expect(screen.getByText('Du bist dran')).toBeTruthy();
      expect(screen.getByText('51 Karten')).toBeTruthy();
      expect(screen.getByRole('toolbar', { name: 'Deine Hand, 5 Karten' })).toBeTruthy();
      expect(handButton(/^Rot 3: auf die Ablage legen/)).toBeTruthy();
      expect(screen.getByText('Bot Bea sammelt Grün 2.')).toBeTruthy();
    } finally {
      await reactAct(async () => {
        await i18next.changeLanguage('en');
      });
    }
  });
});

describe('MATCH! events in words', () => {
  const t = i18next.getFixedT('en', 'match');
  const de = i18next.getFixedT('de', 'match');
  const say = (e: MatchEvent, viewer: number | null = 0) => describeEvent(e, t, NAMES, viewer);

  it('describes every event, the viewer as "you"', () => {
    expect(
      say({
        type: 'round_dealt',
        round: 1,
        starter: 0,
        handSizes: [5, 5],
        deckSize: 53,
        upcard: 'r5',
        wildcardsReturned: 0,
        hand: ['r3', 'W'],
      }),
    ).toBe('Round 1 is dealt: red 5 is turned up and you start. Your hand: red 3 and wildcard.');
    expect(
      say({
        type: 'round_dealt',
        round: 2,
        starter: 1,
        handSizes: [5, 5],
        deckSize: 53,
        upcard: 'g0',
        wildcardsReturned: 1,
      }),
    ).toBe('Round 2 is dealt: green 0 is turned up and Bot Bea starts.');
    expect(say({ type: 'discard', seat: 1, card: 'b3', from: 'hand' })).toBe('Bot Bea discards blue 3.');
    expect(say({ type: 'discard', seat: 0, card: 'b3', from: 'collection' })).toBe(
      'You discard blue 3 from your stack.',
    );
    expect(say({ type: 'wild', seat: 1, declared: { colour: 'p', value: 4 } })).toBe(
      'Bot Bea plays a wildcard and declares purple 4.',
    );
    expect(say({ type: 'collect', seat: 0, card: 'y5' })).toBe('You collect yellow 5.');
    expect(say({ type: 'drew', seat: 0, card: 'g1' })).toBe('You draw green 1.');
    expect(say({ type: 'drew', seat: 0, card: 'W' })).toBe('You draw a wildcard.');
    expect(say({ type: 'drew', seat: 1 })).toBe('Bot Bea draws a card.');
    expect(say({ type: 'no_draw', seat: 1 })).toBe('Bot Bea has no card to draw.');
    expect(say({ type: 'reshuffled', deckSize: 12 })).toBe(
      'The pile under its top card is shuffled into a new deck of 12 cards.',
    );
    expect(say({ type: 'round_scored', round: 3, endedBy: 1, scores: [8, -3], totals: [20, 4] })).toBe(
      'Round 3 is over, ended by Bot Bea: you +8 and Bot Bea -3.',
    );
    expect(say({ type: 'game_over', totals: [52, 30], winners: [0] })).toBe(
      'Game over: you win with 52 points!',
    );
    expect(say({ type: 'game_over', totals: [52, 30], winners: [0] }, null)).toBe(
      'Game over: Ada wins with 52 points.',
    );
    expect(say({ type: 'game_over', totals: [52, 52], winners: [0, 1] }, 1)).toBe(
      'Game over: Ada and you share the win with 52 points.',
    );
  });

  it('in German too', () => {
    const sag = (e: MatchEvent, viewer: number | null = 0) => describeEvent(e, de, NAMES, viewer);
    expect(sag({ type: 'collect', seat: 0, card: 'y5' })).toBe('Du sammelst Gelb 5.');
    expect(sag({ type: 'wild', seat: 1, declared: { colour: 'p', value: 4 } })).toBe(
      'Bot Bea spielt einen Joker und sagt Lila 4 an.',
    );
    expect(sag({ type: 'round_scored', round: 3, endedBy: 0, scores: [8, -3], totals: [20, 4] })).toBe(
      'Runde 3 ist vorbei, beendet von dir: du +8 und Bot Bea -3.',
    );
    expect(sag({ type: 'game_over', totals: [30, 52], winners: [1] })).toBe(
      'Spiel vorbei: Bot Bea gewinnt mit 52 Punkten.',
    );
  });
});
