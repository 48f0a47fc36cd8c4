// The table's pause after a MatchMaster hand in jsdom (FeltSummary.tsx): while the server's
// `pauseUntil` lasts, the hand just scored stands in the middle of the felt (each seat's bid,
// tricks and points, in English and German) instead of beside the table; when it ends the summary
// goes back beside the table; a person who asks for reduced motion sees it for a shorter moment.
import type { GameEvent, MatchMasterEvent, MatchMasterState, MatchMasterView } from '@matchbox/engine';
import { eventsFor, matchmaster } from '@matchbox/engine';
import { act as reactAct, render, screen, within } from '@testing-library/react';
import i18next from 'i18next';
import { afterEach, describe, expect, it, vi } from 'vitest';
import Board from '../src/games/matchmaster/Board.tsx';
import { REDUCED_MS } from '../src/games/matchmaster/FeltSummary.tsx';
import type { BoardProps } from '../src/games/types.ts';

type Props = BoardProps<MatchMasterView, MatchMasterEvent>;
const g = matchmaster;

afterEach(async () => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
  await i18next.changeLanguage('en');
});

/** A 3-seat game of 1-card hands whose first hand has just been scored (seat 2 made its bid). */
function handJustScored(): { state: MatchMasterState; events: GameEvent<MatchMasterEvent>[] } {
  const made = g.setup({
    players: 3,
    seed: 'web-test',
    deck: ['lb10', 'lb2', 'lb3'],
    options: { handSizes: [1, 2] },
  });
  if (!made.ok) throw new Error(made.error.message);
  const s = made.value;
  const events: GameEvent<MatchMasterEvent>[] = [];
  for (const [seat, text] of [
    [0, 'bid 1'],
    [1, 'bid 0'],
    [2, 'bid 0'],
    [1, 'lb10'],
    [2, 'lb2'],
    [0, 'lb3'],
  ] as const) {
    const parsed = g.parseAction(text);
    if (!parsed.ok) throw new Error(parsed.error.message);
    events.length = 0;
    const error = g.applyInPlace(s, seat, parsed.value, events);
    if (error) throw new Error(error.message);
  }
  return { state: s, events };
}

function props(pauseUntil: number | null): Props {
  const { state, events } = handJustScored();
  return {
    view: g.view(state, 0),
    seat: 0,
    legal: g.legalActions(state, 0).map((a) => ({ text: g.formatAction(a), action: { ...a } })),
    blocked: [],
    toAct: [...g.toAct(state)],
    events: eventsFor(events, 0),
    seatNames: ['Ada', 'Bea', 'Cem'],
    act: vi.fn(async () => ({ ok: true })),
    pauseUntil,
  };
}

const onFelt = () => screen.queryByTestId('felt-summary');
const beside = () => screen.queryByRole('region', { name: /Hand summary|Rundenwertung/ });

describe("the table's pause after a MatchMaster hand", () => {
  it('shows the hand in the middle of the felt until the pause ends, then beside the table', () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] });
    render(<Board {...props(Date.now() + 4000)} />);
    const felt = onFelt()!;
    expect(felt.closest('.mm-table')).toBeTruthy();
    expect(felt.getAttribute('role')).toBe('status');
    expect(within(felt).getByText('Hand 1: the score')).toBeTruthy();
    const rows = [...felt.querySelectorAll('li')].map((li) => li.textContent);
    expect(rows).toEqual(['Youbid 1, won 0 ✗-1', 'Beabid 0, won 1 ✗-1', 'Cembid 0, won 0 ✓+10']);
    expect(beside()).toBeNull();
    reactAct(() => void vi.advanceTimersByTime(3900));
    expect(onFelt()).toBeTruthy();
    reactAct(() => void vi.advanceTimersByTime(200));
    expect(onFelt()).toBeNull();
    expect(beside()).toBeTruthy();
  });

  it('says it in German', async () => {
    await i18next.changeLanguage('de');
    render(<Board {...props(Date.now() + 4000)} />);
    const rows = [...onFelt()!.querySelectorAll('li')].map((li) => li.textContent);
    expect(rows[0]).toBe('DuAnsage 1, 0 Stiche ✗-1');
    expect(within(onFelt()!).getByText('Runde 1: die Wertung')).toBeTruthy();
  });

  it('shows nothing on the felt without a pause, or after it', () => {
    const { unmount } = render(<Board {...props(null)} />);
    expect(onFelt()).toBeNull();
    expect(beside()).toBeTruthy();
    unmount();
    render(<Board {...props(Date.now() - 100)} />);
    expect(onFelt()).toBeNull();
  });

  it('is shorter for a person who asks for reduced motion', () => {
    vi.stubGlobal('matchMedia', (query: string) => ({ matches: query.includes('reduce'), media: query }));
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] });
    render(<Board {...props(Date.now() + 4000)} />);
    expect(onFelt()).toBeTruthy();
    reactAct(() => void vi.advanceTimersByTime(REDUCED_MS + 50));
    expect(onFelt()).toBeNull();
  });
});
