// The Sweet16 board on real engine states (stacked decks): the grids of both modes, the prompts
// and buttons of each phase, the notation a click or a key sends, what one seat must not see of
// another's look, and the log's sentences for every event of whole games in English and German.
import { act as reactAct, fireEvent, render, screen, within } from '@testing-library/react';
import { Suspense } from 'react';
import type { GameEvent, Sweet16Event, Sweet16View } from '@matchbox/engine';
import { eventsFor, getGame, Rng } from '@matchbox/engine';
import { afterEach, describe, expect, it, vi } from 'vitest';
import Board from '../src/games/sweet16/Board.tsx';
import type { BoardProps } from '../src/games/types.ts';
import { describeEvent } from '../src/games/sweet16/log.ts';
import { i18next } from '../src/i18n/index.ts';
import sweet16De from '../src/i18n/locales/de/sweet16.json';
import sweet16En from '../src/i18n/locales/en/sweet16.json';

const game = getGame('sweet16')!;
const NAMES = ['Ada', 'Bea', 'Cy'];

interface Table {
  state: unknown;
  events: GameEvent<Sweet16Event>[];
}

/** A game from a stacked deck, then the given moves by whoever is to act. */
function table(
  options: Record<string, string | number | boolean>,
  deck: string[],
  moves: string[] = [],
  players = 2,
): Table {
  const events: GameEvent<Sweet16Event>[] = [];
  const setup = game.setup({ players, seed: 'web', options, deck }, events);
  if (!setup.ok) throw new Error(setup.error.message);
  const state = setup.value;
  let last: GameEvent<Sweet16Event>[] = events;
  for (const text of moves) {
    const parsed = game.parseAction(text);
    if (!parsed.ok) throw new Error(`${text}: ${parsed.error.message}`);
    last = [];
    const error = game.applyInPlace(state, game.toAct(state)[0]!, parsed.value, last);
    if (error) throw new Error(`${text}: ${error.message}`);
  }
  return { state, events: last };
}

function propsFor(
  t: Table,
  seat: number | null,
  act = vi.fn(async () => ({ ok: true })),
): BoardProps<Sweet16View, Sweet16Event> {
  const view = game.view(t.state, seat) as unknown as Sweet16View;
  const legal =
    seat === null
      ? []
      : game.legalActions(t.state as never, seat).map((a) => ({ text: game.formatAction(a), action: a }));
  return {
    view,
    seat,
    legal,
    blocked: [],
    toAct: view.toAct,
    events: eventsFor<Sweet16Event>(t.events, seat),
    seatNames: NAMES.slice(0, view.players),
    act,
  };
}

function show(props: ReturnType<typeof propsFor>) {
  return render(
    <Suspense fallback="loading">
      <Board {...props} />
    </Suspense>,
  );
}

const cell = (pos: string) => screen.getByRole('button', { name: new RegExp(`^${pos}: `) });

afterEach(async () => {
  await i18next.changeLanguage('en');
});

describe('Sweet16 board, base game', () => {
  it('draws 9 x 6 face-down cards and flips the one clicked', async () => {
    const t = table({}, []);
    const act = vi.fn(async () => ({ ok: true }));
    show(propsFor(t, 0, act));
    const grid = screen.getByRole('grid');
    expect(within(grid).getAllByRole('gridcell')).toHaveLength(54);
    expect(
      within(grid)
        .getAllByRole('columnheader')
        .map((h) => h.textContent),
    ).toEqual([...'ABCDEFGHI']);
    expect(cell('A1').getAttribute('aria-label')).toBe('A1: face down, press Enter to flip');
    expect(screen.getByText('Your turn: flip a face-down card.')).toBeTruthy();
    fireEvent.click(cell('C4'));
    await reactAct(async () => {});
    expect(act).toHaveBeenCalledWith('flip C4');
    // Until the update with the new choices arrives, nothing more is sent.
    fireEvent.click(cell('D4'));
    await reactAct(async () => {});
    expect(act).toHaveBeenCalledTimes(1);
    expect(screen.getByRole('region', { name: 'Sweet16 table' }).getAttribute('aria-busy')).toBe('true');
  });

  it('lets the seat that is not to play click nothing', () => {
    const t = table({}, []);
    const act = vi.fn(async () => ({ ok: true }));
    show(propsFor(t, 1, act));
    expect(screen.getByText('Ada is flipping cards.')).toBeTruthy();
    fireEvent.click(cell('B2'));
    expect(act).not.toHaveBeenCalled();
    expect(cell('B2').getAttribute('aria-disabled')).toBe('true');
    expect(cell('B2').getAttribute('aria-label')).toBe('B2: face down');
  });

  it('moves with the arrow keys and flips with Enter', async () => {
    const t = table({}, []);
    const act = vi.fn(async () => ({ ok: true }));
    show(propsFor(t, 0, act));
    const a1 = cell('A1');
    expect(a1.tabIndex).toBe(0);
    a1.focus();
    fireEvent.keyDown(a1, { key: 'ArrowRight' });
    fireEvent.keyDown(document.activeElement!, { key: 'ArrowDown' });
    expect(document.activeElement).toBe(cell('B2'));
    expect(cell('B2').tabIndex).toBe(0);
    expect(cell('A1').tabIndex).toBe(-1);
    fireEvent.keyDown(document.activeElement!, { key: 'End' });
    expect(document.activeElement).toBe(cell('I2'));
    fireEvent.keyDown(document.activeElement!, { key: 'Enter' });
    await reactAct(async () => {});
    expect(act).toHaveBeenCalledWith('flip I2');
  });

  it('shows the flipped cards and the running total, and stops', async () => {
    const t = table({}, ['5C', '6D', 'KH'], ['flip A1', 'flip B1']);
    const act = vi.fn(async () => ({ ok: true }));
    show(propsFor(t, 0, act));
    expect(cell('A1').getAttribute('aria-label')).toBe('A1: 5 of clubs, flipped this turn');
    expect(cell('B1').getAttribute('aria-label')).toContain('6 of diamonds');
    expect(screen.getByText(/Total 11: flip another card, or stop/)).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Stop at 11' }));
    await reactAct(async () => {});
    expect(act).toHaveBeenCalledWith('stop');
  });

  it('explains why stopping is not allowed yet', () => {
    const t = table({}, ['5C', '6D'], ['flip A1']);
    const props = propsFor(t, 0);
    show({ ...props, blocked: [{ text: 'stop', code: 'cannot_stop', message: 'engine words' }] });
    const stop = screen.getByRole<HTMLButtonElement>('button', { name: 'Stop' });
    expect(stop.disabled).toBe(true);
    expect(stop.title).toBe(
      'You may stop after at least two cards, with a total above the clique on the table.',
    );
  });

  it('asks for a Joker value with 13 buttons', async () => {
    const t = table({}, ['X1'], ['flip A1']);
    const act = vi.fn(async () => ({ ok: true }));
    show(propsFor(t, 0, act));
    expect(screen.getByText('You flipped a Joker: choose its value.')).toBeTruthy();
    const group = screen.getByRole('group', { name: "The Joker's value" });
    expect(within(group).getAllByRole('button')).toHaveLength(13);
    fireEvent.click(within(group).getByRole('button', { name: 'The Joker is worth 7' }));
    await reactAct(async () => {});
    expect(act).toHaveBeenCalledWith('joker 7');
  });

  it('moves keyboard focus to the Joker values and back to the grid', () => {
    const deck = ['X1', '5C'];
    const wrap = (t: Table) => (
      <Suspense fallback="loading">
        <Board {...propsFor(t, 0)} />
      </Suspense>
    );
    const view = render(wrap(table({}, deck)));
    cell('A1').focus();
    view.rerender(wrap(table({}, deck, ['flip A1'])));
    expect(document.activeElement?.getAttribute('aria-label')).toBe('The Joker is worth 1');
    view.rerender(wrap(table({}, deck, ['flip A1', 'joker 7'])));
    expect(document.activeElement).toBe(cell('A1'));
    expect(cell('A1').getAttribute('aria-label')).toBe('A1: Joker, worth 7, flipped this turn');
  });

  it('scores a tryst: put back by clicking the grid, then activate or skip by buttons', async () => {
    const t = table({}, ['10S', '6H', 'KC'], ['flip A1', 'flip B1']);
    const act = vi.fn(async () => ({ ok: true }));
    show(propsFor(t, 0, act));
    expect(screen.getByText('Tryst! Choose the card to put back face down.')).toBeTruthy();
    expect(cell('A1').getAttribute('aria-label')).toBe(
      'A1: 10 of spades, being scored, press Enter to put it back',
    );
    fireEvent.click(cell('B1'));
    await reactAct(async () => {});
    expect(act).toHaveBeenCalledWith('back B1');

    const next = table({}, ['10S', '6H', 'KC'], ['flip A1', 'flip B1', 'back B1']);
    const act2 = vi.fn(async () => ({ ok: true }));
    const { unmount } = show(propsFor(next, 0, act2));
    fireEvent.click(screen.getByRole('button', { name: 'Activate 10 of spades (A1)' }));
    fireEvent.click(screen.getByRole('button', { name: 'Activate none' }));
    await reactAct(async () => {});
    expect(act2.mock.calls.map((c) => (c as unknown[])[0])).toEqual(['activate A1']);
    unmount();
  });

  it('shows a spade look to the looker only', () => {
    const moves = ['flip A1', 'flip B1', 'back B1', 'activate A1', 'look C1'];
    const t = table({}, ['10S', '6H', 'KC'], moves);
    const looker = show(propsFor(t, 0));
    expect(screen.getByText('Spade: look at a face-down card (2 left).')).toBeTruthy();
    expect(cell('C1').getAttribute('aria-label')).toContain('you looked: king of clubs');
    expect(screen.getByText('Only you saw')).toBeTruthy();
    looker.unmount();
    for (const viewer of [1, null]) {
      const other = show(propsFor(t, viewer));
      const html = other.container.innerHTML;
      expect(html).not.toMatch(/king of clubs|KC/);
      expect(cell('C1').getAttribute('aria-label')).toBe('C1: face down, being looked at');
      other.unmount();
    }
  });

  it('lets a club steal a diamond from the opponent', async () => {
    const deck = ['9D', '7S', '10C', '6H', 'KH', 'QH'];
    const moves = [
      'flip A1',
      'flip B1',
      'back B1',
      'activate A1',
      'flip C1',
      'flip D1',
      'back D1',
      'activate C1',
    ];
    const t = table({}, deck, moves);
    const act = vi.fn(async () => ({ ok: true }));
    show(propsFor(t, 1, act));
    expect(screen.getByText('Your club may steal a diamond of the same or lower value.')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Steal nothing' })).toBeTruthy();
    const steals = screen.getAllByRole('button', { name: 'Steal 9 of diamonds from Ada' });
    expect(steals.length).toBe(2); // the action button and the diamond beside Ada's pile
    fireEvent.click(steals[1]!);
    await reactAct(async () => {});
    expect(act).toHaveBeenCalledWith('steal 9D');
  });

  it('marks the clique and remembered cards with the memory aid', () => {
    // Ada stops at 11 (clique), Bea flips K + 5 = 18 and loses face; Cy is to play.
    const deck = ['5C', '6D', 'KH', '5S'];
    const t = table({ memoryAid: true }, deck, ['flip A1', 'flip B1', 'stop', 'flip C1', 'flip D1'], 3);
    show(propsFor(t, 0));
    expect(screen.getByText('Memory aid on')).toBeTruthy();
    expect(cell('A1').getAttribute('aria-label')).toBe('A1: 5 of clubs, in the clique of Ada');
    expect(cell('C1').getAttribute('aria-label')).toContain('you remember king of hearts');
    expect(screen.getByText('Clique on the table: Ada, total 11 (A1 B1)')).toBeTruthy();
  });

  it('shows a lost-face turn for a moment, also flips from updates it did not render', async () => {
    vi.useFakeTimers();
    try {
      const deck = ['KH', '2S', '5S'];
      const first = table({}, deck, ['flip A1']);
      const view = show(propsFor(first, 1));
      // The update of the second flip is never rendered; the third flip loses face (20).
      const lost = table({}, deck, ['flip A1', 'flip B1', 'flip C1']);
      view.rerender(
        <Suspense fallback="loading">
          <Board {...propsFor(lost, 1)} />
        </Suspense>,
      );
      expect(cell('A1').getAttribute('aria-label')).toBe(
        'A1: king of hearts, turning face down, press Enter to flip',
      );
      expect(cell('C1').getAttribute('aria-label')).toBe(
        'C1: 5 of spades, turning face down, press Enter to flip',
      );
      // B1 was never seen face up by this board: it shows face down.
      expect(cell('B1').getAttribute('aria-label')).toBe('B1: face down, press Enter to flip');
      expect(screen.getByText('over 16 (20): lost face')).toBeTruthy();
      // Another update comes before the time is up: the cards still turn face down in time.
      const next = table({}, deck, ['flip A1', 'flip B1', 'flip C1', 'flip D1']);
      view.rerender(
        <Suspense fallback="loading">
          <Board {...propsFor(next, 1)} />
        </Suspense>,
      );
      expect(cell('A1').getAttribute('aria-label')).toContain('turning face down');
      await reactAct(async () => {
        vi.advanceTimersByTime(2000);
      });
      expect(cell('A1').getAttribute('aria-label')).toBe('A1: face down, press Enter to flip');
    } finally {
      vi.useRealTimers();
    }
  });

  it('speaks German', async () => {
    await i18next.changeLanguage('de');
    const t = table({}, ['5C', '6D'], ['flip A1', 'flip B1']);
    show(propsFor(t, 0));
    expect(screen.getByRole('button', { name: 'Bei 11 aufhören' })).toBeTruthy();
    expect(cell('A1').getAttribute('aria-label')).toBe('A1: Kreuz 5, in diesem Zug aufgedeckt');
    expect(screen.getByText(/Summe 11: Decke weiter auf/)).toBeTruthy();
  });
});

describe('Sweet16 board, duel', () => {
  const deck = ['10C', '6D', 'KS', 'QS', 'JS', '9S', '8S', '2C'];

  it('draws 7 x 7 face-up cards and sends a tryst picked cell by cell', async () => {
    const t = table({ mode: 'duel' }, deck);
    const act = vi.fn(async () => ({ ok: true }));
    show(propsFor(t, 0, act));
    expect(within(screen.getByRole('grid')).getAllByRole('gridcell')).toHaveLength(49);
    expect(screen.getByText('You play the rows')).toBeTruthy();
    expect(cell('A1').getAttribute('aria-label')).toBe('A1: 10 of clubs, press Enter to select');
    const score = screen.getByRole<HTMLButtonElement>('button', { name: 'Score the tryst' });
    expect(score.disabled).toBe(true);
    fireEvent.click(cell('A1'));
    fireEvent.click(cell('C1'));
    expect(screen.getByText('Not one of your trysts of 16.')).toBeTruthy();
    fireEvent.click(cell('C1'));
    fireEvent.click(cell('B1'));
    expect(cell('B1').getAttribute('aria-pressed')).toBe('true');
    expect(score.disabled).toBe(false);
    fireEvent.click(score);
    await reactAct(async () => {});
    expect(act).toHaveBeenCalledWith('tryst A1 B1');
  });

  it('shows the second player the columns and the opponent at work', () => {
    const t = table({ mode: 'duel' }, deck);
    show(propsFor(t, 1));
    expect(screen.getByText('You play the columns')).toBeTruthy();
    expect(screen.getByText('Ada is looking for a tryst.')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Score the tryst' })).toBeNull();
    expect(screen.getByText('3 cards out of play, unseen.')).toBeTruthy();
  });

  it('offers the trysts found by the server as hints', () => {
    const t = table({ mode: 'duel' }, deck);
    show(propsFor(t, 0));
    fireEvent.click(screen.getByRole('checkbox', { name: 'Show possible trysts' }));
    expect(cell('A1').className).toContain('s16-cell--hint');
  });
});

describe('the end of a Sweet16 game', () => {
  /** A seeded game played to its end (stopping and scoring where it can), as a Table. */
  function finished(options: Record<string, string | number | boolean>, seed: string): Table {
    const setup = game.setup({ players: 2, seed, options });
    if (!setup.ok) throw new Error(setup.error.message);
    const state = setup.value;
    const rng = Rng.fromSeed(seed);
    let last: GameEvent<Sweet16Event>[] = [];
    while (!game.isOver(state)) {
      const seat = game.toAct(state)[0]!;
      const legal = game.legalActions(state, seat);
      const stop = legal.find((a) => a.type === 'stop');
      last = [];
      game.applyInPlace(state, seat, stop ?? legal[rng.int(legal.length)]!, last);
    }
    return { state, events: last };
  }

  it('says why the game ended: the grid ran low, both duel players passed, the turn limit', () => {
    const cases = [
      {
        options: {},
        ended: /^It ended because only \d+ cards? (was|were) left in the grid after a scoring turn/,
      },
      { options: { mode: 'duel' }, ended: /^It ended because both players passed in a row/ },
      { options: { turnLimit: 4 }, ended: /^It ended at the turn limit\.$/ },
    ];
    for (const c of cases) {
      const t = finished(c.options, 'ended');
      const view = game.view(t.state, 0) as unknown as Sweet16View;
      const { container, unmount } = show(propsFor(t, 0));
      const line = container.querySelector('.s16-ended');
      expect(line?.getAttribute('data-ended')).toBe(view.ended);
      expect(line?.textContent?.trim()).toMatch(c.ended);
      expect(screen.getByRole('status').textContent).toMatch(/^Game over/);
      unmount();
    }
  });
});

describe('Sweet16 board, several grids (ruling S16-X11)', () => {
  it('says which grid is in play, and the log says the grid before ended with the scores so far', async () => {
    const events: GameEvent<Sweet16Event>[] = [];
    const setup = game.setup({ players: 3, seed: 'grids', options: { grids: 2 } }, events);
    if (!setup.ok) throw new Error(setup.error.message);
    const state = setup.value;
    const rng = Rng.fromSeed('grids');
    let last: GameEvent<Sweet16Event>[] = [];
    while (!last.some((e) => e.all?.type === 'grid_over')) {
      const seat = game.toAct(state)[0]!;
      const legal = game.legalActions(state, seat);
      const stop = legal.find((a) => a.type === 'stop');
      last = [];
      game.applyInPlace(state, seat, stop ?? legal[rng.int(legal.length)]!, last);
    }
    show(propsFor({ state, events: last }, 0));
    expect(screen.getByTestId('s16-grid-number').textContent).toBe('Grid 2 of 2');
    const over = eventsFor(last, 0).find((e) => e.type === 'grid_over')!;
    const t = i18next.getFixedT('en', 'sweet16');
    expect(describeEvent(over, t, NAMES, 0)).toMatch(
      /^Grid 1 is over\. Scores so far: Ada \d+, Bea \d+,? (and )?Cy \d+\.$/,
    );
    await reactAct(() => i18next.changeLanguage('de'));
    expect(screen.getByTestId('s16-grid-number').textContent).toBe('Raster 2 von 2');
  });
});

/** Every event of a seeded random game, as each viewer sees it. */
function playout(options: Record<string, string | number | boolean>, seed: string, players: number) {
  const events: GameEvent<Sweet16Event>[] = [];
  const setup = game.setup({ players, seed, options }, events);
  if (!setup.ok) throw new Error(setup.error.message);
  const state = setup.value;
  const rng = Rng.fromSeed(seed);
  while (!game.isOver(state)) {
    const seat = game.toAct(state)[0]!;
    const legal = game.legalActions(state, seat);
    // Prefer stopping and scoring so the game ends soon; otherwise random.
    const stop = legal.find((a) => a.type === 'stop');
    game.applyInPlace(state, seat, stop ?? legal[rng.int(legal.length)]!, events);
  }
  return events;
}

describe('Sweet16 log', () => {
  function keys(value: unknown, prefix = ''): string[] {
    if (typeof value !== 'object' || value === null) return [prefix];
    return Object.entries(value).flatMap(([k, v]) => keys(v, prefix ? `${prefix}.${k}` : k));
  }

  it('has every key in English and German', () => {
    expect(keys(sweet16De).sort()).toEqual(keys(sweet16En).sort());
  });

  it('describes every event of whole games in both languages', async () => {
    const seen = new Set<string>();
    for (const language of ['en', 'de']) {
      await i18next.changeLanguage(language);
      const t = i18next.getFixedT(language, 'sweet16');
      for (const [options, players] of [
        [{ turnLimit: 400, memoryAid: true }, 3],
        [{ grids: 2 }, 3],
        [{ mode: 'duel' }, 2],
      ] as const) {
        const events = playout(options, `log-${players}`, players);
        for (const viewer of [0, 1, null]) {
          for (const e of eventsFor(events, viewer)) {
            const text = describeEvent(e, t, NAMES, viewer);
            seen.add(e.type);
            expect(text, `${language} ${e.type}`).not.toMatch(/\{\{|log\.\w|card\.\w|undefined|^$/);
          }
        }
      }
    }
    for (const type of [
      'grid_laid',
      'grid_over',
      'turn',
      'flip',
      'lose_face',
      'clique',
      'score_clique',
      'put_back',
      'banked',
      'game_over',
      'look',
      'tryst',
    ])
      expect(seen).toContain(type);
  });

  it('names the looked-at card only in the looker’s sentence', () => {
    const t = i18next.getFixedT('en', 'sweet16');
    const e = { type: 'look', seat: 0, pos: 'C1', power: 'spade', card: 'KC' } as const;
    expect(describeEvent(e, t, NAMES, 0)).toBe('You look at C1 with a spade: king of clubs.');
    expect(describeEvent({ ...e, card: undefined } as never, t, NAMES, 1)).toBe(
      'Ada looks at C1 with a spade.',
    );
    const de = i18next.getFixedT('de', 'sweet16');
    expect(describeEvent(e, de, NAMES, 0)).toBe('Du siehst dir C1 mit einem Pik an: Kreuz König.');
    expect(describeEvent({ type: 'steal', seat: 1, from: 0, card: '9D' }, t, NAMES, 0)).toBe(
      'Bea steals your 9 of diamonds.',
    );
  });
});
