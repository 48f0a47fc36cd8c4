// The table's pause after a MATCHET round in jsdom (FeltRound.tsx): while the server's
// `pauseUntil` lasts, the round just scored stands over the board (who went out, each seat's
// points in the round and total, in English and German); when it ends it goes, and the round stays
// in the list beside the board; a person who asks for reduced motion sees it for a shorter moment.
import type { GameEvent, MatchetEvent, MatchetView } from '@matchbox/engine';
import { getGame } from '@matchbox/engine';
import { act as reactAct, render, screen } from '@testing-library/react';
import i18next from 'i18next';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { REDUCED_MS } from '../src/board/usePause.ts';
import Board from '../src/games/matchet/Board.tsx';
import type { BoardProps } from '../src/games/types.ts';

type Props = BoardProps<MatchetView, MatchetEvent>;
type RoundEnd = Extract<MatchetEvent, { type: 'round_end' }>;
const game = getGame('matchet')!;
const NAMES = ['Ada', 'Bo', 'Cy'];

afterEach(async () => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
  await i18next.changeLanguage('en');
});

/** A 3-seat game of two rounds whose first round has just been scored: the board and the event. */
function roundJustScored(seed: string): { props: (pauseUntil: number | null) => Props; ended: RoundEnd } {
  const made = game.setup({ players: 3, seed, options: { mode: 'multi', rounds: 2 } });
  if (!made.ok) throw new Error(made.error.message);
  const s = made.value;
  const events: GameEvent<MatchetEvent>[] = [];
  let ended: RoundEnd | undefined;
  for (let n = 0; n < 500 && !ended; n++) {
    const seat = game.toAct(s)[0]!;
    events.length = 0;
    game.applyInPlace(s, seat, game.legalActions(s, seat)[0], events);
    ended = events.map((e) => e.all as MatchetEvent).find((e): e is RoundEnd => e.type === 'round_end');
  }
  if (!ended) throw new Error('no round ended');
  const props = (pauseUntil: number | null): Props => ({
    view: game.view(s, 0) as MatchetView,
    seat: 0,
    legal: [],
    blocked: [],
    toAct: [...game.toAct(s)],
    events: events.map((e) => e.all as MatchetEvent),
    seatNames: NAMES,
    act: vi.fn(async () => ({ ok: true })),
    pauseUntil,
  });
  return { props, ended };
}

const onBoard = () => screen.queryByTestId('felt-summary');
const signed = (n: number) => (n > 0 ? `+${n}` : n < 0 ? `−${-n}` : '0');

describe("the table's pause after a MATCHET round", () => {
  it('shows the round over the board until the pause ends: who went out, points and totals', () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] });
    const { props, ended } = roundJustScored('pause-a');
    const { container } = render(<Board {...props(Date.now() + 4000)} />);
    const felt = onBoard()!;
    expect(felt.closest('.mt-board-col')).toBeTruthy();
    expect(felt.getAttribute('role')).toBe('status');
    expect(container.querySelector('.mt')!.getAttribute('data-pause')).toBe('true');
    const who =
      ended.winner === null
        ? 'blocked'
        : ended.winner === 0
          ? 'you went out'
          : `${NAMES[ended.winner]} went out`;
    expect(felt.querySelector('.mt-felt-summary-title')!.textContent).toBe(
      `Round 1 is over: ${who}${ended.winner === null ? ', nobody could place' : ''}`,
    );
    const rows = [...felt.querySelectorAll('li')].map((li) => li.textContent);
    expect(rows).toEqual(
      ended.points.map((p, s) => `${s === 0 ? 'Ada (you)' : NAMES[s]}${signed(p)}total ${ended.totals[s]}`),
    );
    reactAct(() => void vi.advanceTimersByTime(3900));
    expect(onBoard()).toBeTruthy();
    reactAct(() => void vi.advanceTimersByTime(200));
    expect(onBoard()).toBeNull();
    expect(container.querySelector('.mt')!.getAttribute('data-pause')).toBeNull();
    // The round stays in the list beside the board.
    expect(container.querySelector('.mt-history')!.textContent).toContain('Round 1:');
  });

  it('says it in German', async () => {
    await i18next.changeLanguage('de');
    const { props, ended } = roundJustScored('pause-a');
    render(<Board {...props(Date.now() + 4000)} />);
    const title = onBoard()!.querySelector('.mt-felt-summary-title')!.textContent;
    expect(title).toMatch(/^Runde 1 ist vorbei: /);
    if (ended.winner !== null) expect(title).toMatch(/hast? alles gelegt$/);
    const rows = [...onBoard()!.querySelectorAll('li')].map((li) => li.textContent);
    expect(rows[0]).toBe(`Ada (du)${signed(ended.points[0]!)}gesamt ${ended.totals[0]}`);
  });

  it('shows nothing over the board without a pause, or after it', () => {
    const { props } = roundJustScored('pause-a');
    const { unmount } = render(<Board {...props(null)} />);
    expect(onBoard()).toBeNull();
    unmount();
    render(<Board {...props(Date.now() - 100)} />);
    expect(onBoard()).toBeNull();
  });

  it('is shorter for a person who asks for reduced motion', () => {
    vi.stubGlobal('matchMedia', (query: string) => ({ matches: query.includes('reduce'), media: query }));
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] });
    const { props } = roundJustScored('pause-a');
    render(<Board {...props(Date.now() + 4000)} />);
    expect(onBoard()).toBeTruthy();
    reactAct(() => void vi.advanceTimersByTime(REDUCED_MS + 50));
    expect(onBoard()).toBeNull();
  });
});
