// The MATCHET board in jsdom: real views and legal lists from the engine, rendered; the notation
// sent for a chosen spot and turn; the solitaires' reserve and stacks; the log in both languages.
import { act as reactAct, fireEvent, render, screen, within } from '@testing-library/react';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import type { GameEvent, MatchetAction, MatchetEvent, MatchetView } from '@matchbox/engine';
import { getGame } from '@matchbox/engine';
import type { LegalChoice } from '@matchbox/client';
import { i18next } from '../src/i18n/index.ts';
import Board from '../src/games/matchet/Board.tsx';
import { describeEvent } from '../src/games/matchet/log.ts';
import type { BoardProps } from '../src/games/types.ts';
import de from '../src/i18n/locales/de/matchet.json';
import en from '../src/i18n/locales/en/matchet.json';
import enErrors from '../src/i18n/locales/en/errors.json';

const game = getGame('matchet')!;

interface Table {
  readonly state: unknown;
  readonly events: MatchetEvent[];
}

/** A game set up by the engine and played `moves` placements on by always taking the middle choice. */
function play(mode: 'multi' | 'reserve' | 'stacks', moves: number, seed = 'web-test', rounds = 1): Table {
  const events: GameEvent<MatchetEvent>[] = [];
  const r = game.setup({ players: mode === 'multi' ? 2 : 1, seed, options: { mode, rounds } }, events);
  if (!r.ok) throw new Error(r.error.message);
  const state = r.value;
  for (let i = 0; i < moves && !game.isOver(state); i++) {
    const seat = game.toAct(state)[0]!;
    const legal = game.legalActions(state, seat);
    events.length = 0;
    game.applyInPlace(state, seat, legal[legal.length >> 1], events);
  }
  return { state, events: events.map((e) => e.all as MatchetEvent).filter(Boolean) };
}

function propsFor(
  table: Table,
  seat: number | null,
  overrides: Partial<BoardProps<MatchetView, MatchetEvent>> = {},
) {
  const s = table.state as never;
  const toAct = [...game.toAct(s)];
  const legal: LegalChoice[] =
    seat !== null && toAct.includes(seat)
      ? game.legalActions(s, seat).map((a) => ({ text: game.formatAction(a), action: { ...a } }))
      : [];
  const act = vi.fn(async (_text: string) => ({ ok: true }));
  const props: BoardProps<MatchetView, MatchetEvent> = {
    view: game.view(s, seat) as MatchetView,
    seat,
    legal,
    blocked: [],
    toAct,
    events: table.events,
    seatNames: ['Ada', 'Bo'],
    act,
    ...overrides,
  };
  return { props, act, legal };
}

/**
 * A legal list with a second turn on the first choice's cell. MATCHET's rules never offer one
 * (a tile has one side of each colour, so the touching side fixes the turn), but the board cycles
 * through whatever turns the server lists, and this checks that it sends the chosen one.
 */
function withSecondTurn(legal: readonly LegalChoice[]): { legal: LegalChoice[]; texts: string[] } {
  const first = legal[0]!;
  const a = first.action as MatchetAction;
  const letters = (a.row + a.col) % 2 === 0 ? ['R', 'B', 'L'] : ['T', 'R', 'L'];
  const red = letters.find((l) => l !== a.red)!;
  const extra = { text: `${a.tile}@${a.row},${a.col}:${red}`, action: { ...a, red } };
  return { legal: [first, extra, ...legal.slice(1)], texts: [first.text, extra.text] };
}

const spotsIn = (container: HTMLElement) => [...container.querySelectorAll<SVGGElement>('.mt-spot')];

describe('the MATCHET board', () => {
  it('renders a multiplayer view: the tiles, the players with their points and tiles, whose turn', () => {
    const table = play('multi', 6);
    const { props } = propsFor(table, 0);
    const { container } = render(<Board {...props} />);
    const v = props.view;
    expect(container.querySelectorAll('[data-tile][data-cell]')).toHaveLength(v.board.length);
    const rows = container.querySelectorAll('.mt-player');
    expect(rows).toHaveLength(2);
    expect(rows[0]!.textContent).toContain('Ada (you)');
    expect(rows[0]!.textContent).toContain(`${v.hands![0]!.length} tile`);
    expect(rows[1]!.textContent).toContain(`${v.totals![1]} point`);
    const toAct = props.toAct[0]!;
    expect(rows[toAct]!.getAttribute('aria-current')).toBe('true');
    if (toAct === 0) expect(screen.getByTestId('matchet-status').textContent).toMatch(/Your turn/);
    else expect(screen.getByTestId('matchet-status').textContent).toContain('Bo');
    // every tile shows its colour letters as well as numbers
    const first = v.board[0]!;
    const text = container.querySelector(`[data-tile="${first.tile}"]`)!.textContent;
    for (const side of Object.values(first.sides)) expect(text).toContain(side);
  });

  it('highlights exactly the legal spots of the chosen tile, and only for the seat to act', () => {
    const table = play('multi', 5);
    const seat = game.toAct(table.state)[0]!;
    const { props, legal } = propsFor(table, seat);
    const { container, unmount } = render(<Board {...props} />);
    const tile = legal[0]!.text.split('@')[0]!;
    const cells = new Set(
      legal.filter((l) => l.text.startsWith(`${tile}@`)).map((l) => l.text.split('@')[1]!.split(':')[0]),
    );
    expect(new Set(spotsIn(container).map((s) => s.dataset.cell))).toEqual(cells);
    unmount();
    const other = propsFor(table, 1 - seat).props;
    const r2 = render(<Board {...other} />);
    expect(spotsIn(r2.container)).toHaveLength(0);
    r2.unmount();
    const spectator = propsFor(table, null).props;
    const r3 = render(<Board {...spectator} />);
    expect(spotsIn(r3.container)).toHaveLength(0);
  });

  it('sends the notation of the chosen tile and spot: a tile button, then Enter on a spot', async () => {
    const table = play('multi', 5);
    const seat = game.toAct(table.state)[0]!;
    const { props, act, legal } = propsFor(table, seat);
    const { container } = render(<Board {...props} />);
    // the last tile in the list, so that choosing it is a change
    const choice = legal[legal.length - 1]!;
    const tile = choice.text.split('@')[0]!;
    // Enter on a tile button (a click without a pointer) chooses it and moves on to its first spot
    fireEvent.click(container.querySelector<HTMLButtonElement>(`.mt-tile-btn[data-tile="${tile}"]`)!, {
      detail: 0,
    });
    const mine = legal
      .filter((l) => l.text.startsWith(`${tile}@`))
      .map((l) => l.text.split('@')[1]!.split(':')[0]);
    expect(
      spotsIn(container)
        .map((s) => s.dataset.cell)
        .sort(),
    ).toEqual([...new Set(mine)].sort());
    // choosing the tile moved the focus to its first spot
    expect(document.activeElement).toBe(spotsIn(container)[0]);
    const cell = choice.text.split('@')[1]!.split(':')[0]!;
    const spot = spotsIn(container).find((s) => s.dataset.cell === cell)!;
    reactAct(() => spot.focus());
    // The spot in words: which of the spots, the move as the log says it, no tile number or cell.
    expect(spot.getAttribute('aria-label')).toMatch(
      /^Spot \d+ of \d+: lay the (red|yellow|blue) \d+, .+ triangle /,
    );
    expect(spot.getAttribute('aria-label')).not.toMatch(/T\d\d|row|column/);
    expect(container.querySelector('.mt-preview')!.getAttribute('data-preview')).toBe(choice.text);
    await reactAct(async () => {
      fireEvent.keyDown(spot, { key: 'Enter' });
    });
    expect(act).toHaveBeenCalledTimes(1);
    expect(act).toHaveBeenCalledWith(choice.text);
  });

  it('turns with R through the turns the server lists on a spot and sends the one shown', async () => {
    const table = play('multi', 4);
    const seat = game.toAct(table.state)[0]!;
    const base = propsFor(table, seat);
    const { legal, texts } = withSecondTurn(base.legal);
    const act = vi.fn(async (_text: string) => ({ ok: true }));
    const { container } = render(<Board {...base.props} legal={legal} act={act} />);
    const cell = texts[0]!.split('@')[1]!.split(':')[0]!;
    const spot = spotsIn(container).find((s) => s.dataset.cell === cell)!;
    reactAct(() => spot.focus());
    expect(spot.getAttribute('aria-label')).toContain('(turn 1 of 2)');
    fireEvent.keyDown(spot, { key: 'r' });
    expect(spot.getAttribute('aria-label')).toContain('(turn 2 of 2)');
    expect(container.querySelector('.mt-preview')!.getAttribute('data-preview')).toBe(texts[1]);
    await reactAct(async () => {
      fireEvent.keyDown(spot, { key: 'Enter' });
    });
    expect(act).toHaveBeenCalledWith(texts[1]);
    // the Turn button does the same as R, the Place button as Enter
    act.mockClear();
    reactAct(() => spot.blur());
    reactAct(() => spot.focus());
    fireEvent.click(screen.getByRole('button', { name: 'Turn (R)' }));
    await reactAct(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Place (Enter)' }));
    });
    expect(act).toHaveBeenCalledWith(texts[0]);
  });

  it('places with two clicks on a spot (a tap shows the preview, the second places)', async () => {
    const table = play('stacks', 5);
    const { props, act, legal } = propsFor(table, 0);
    const { container } = render(<Board {...props} />);
    const choice = legal[legal.length - 1]!;
    const tile = choice.text.split('@')[0]!;
    const cell = choice.text.split('@')[1]!.split(':')[0]!;
    fireEvent.click(container.querySelector<HTMLButtonElement>(`.mt-tile-btn[data-tile="${tile}"]`)!, {
      detail: 1,
    });
    expect(spotsIn(container).some((s) => s.getAttribute('aria-pressed') === 'true')).toBe(false);
    const spot = () => spotsIn(container).find((s) => s.dataset.cell === cell)!;
    fireEvent.pointerDown(spot());
    fireEvent.click(spot());
    expect(act).not.toHaveBeenCalled();
    expect(spot().getAttribute('aria-pressed')).toBe('true');
    // The chosen spot in words (which spot, how the red side faces), not its cell.
    expect(container.querySelector('.mt-move')!.textContent).toMatch(/Spot \d+ of \d+, red side /);
    expect(container.querySelector('.mt-move')!.textContent).not.toMatch(/Row|column|T\d\d/);
    fireEvent.pointerDown(spot());
    await reactAct(async () => {
      fireEvent.click(spot());
    });
    expect(act).toHaveBeenCalledWith(choice.text);
  });

  it('shows a refused placement in words', async () => {
    const table = play('stacks', 3);
    const { props } = propsFor(table, 0, {
      act: async () => ({ ok: false, error: { code: 'must_take_tallest_stack', message: 'x' } }),
    });
    const { container } = render(<Board {...props} />);
    const spot = spotsIn(container)[0]!;
    reactAct(() => spot.focus());
    await reactAct(async () => {
      fireEvent.keyDown(spot, { key: 'Enter' });
    });
    expect(screen.getByRole('alert').textContent).toBe(enErrors.must_take_tallest_stack);
  });

  it('shows Solitaire A: the tile to place, the reserve and the pool', () => {
    let table = play('reserve', 0, 'reserve-a');
    for (let i = 1; i < 30; i++) {
      table = play('reserve', i, 'reserve-a');
      const v = game.view(table.state, 0) as MatchetView;
      if ((v.reserve?.length ?? 0) > 1 || v.phase === 'over') break;
    }
    const { props } = propsFor(table, 0);
    const v = props.view;
    const { container } = render(<Board {...props} />);
    const reserve = container.querySelector('.mt-reserve');
    if ((v.reserve?.length ?? 0) > 0) expect(reserve!.querySelectorAll('li')).toHaveLength(v.reserve!.length);
    expect(container.textContent).toContain(`${v.pool} tile`);
    if (v.current) expect(container.querySelector(`.mt-tile-btn[data-tile="${v.current}"]`)).toBeTruthy();
    expect(container.querySelector('[data-fact="placed"]')!.textContent).toContain(
      `${v.placed} of ${v.tileCount}`,
    );
  });

  it('shows Solitaire B: six stacks with their tops, heights and the tiles beneath', () => {
    const table = play('stacks', 4);
    const { props, legal } = propsFor(table, 0);
    const { container } = render(<Board {...props} />);
    const stacks = container.querySelectorAll('.mt-stack');
    expect(stacks).toHaveLength(6);
    props.view.stacks!.forEach((st, k) => {
      const el = stacks[k]!;
      expect(el.textContent).toContain(`${st.height} left`);
      if (st.top) expect(el.querySelector(`.mt-tile-btn[data-tile="${st.top}"]`)).toBeTruthy();
      // The name and the count open the tiles beneath, which are not drawn until asked for.
      const head = el.querySelector<HTMLButtonElement>('button.mt-stack-head');
      if (st.beneath.length === 0) expect(head).toBeNull();
      else
        expect(head?.textContent).toBe(
          `Stack ${k + 1} ${st.height} left ▸, show the ${st.beneath.length} tiles under the top`,
        );
      expect(el.querySelectorAll('.mt-small')).toHaveLength(0);
    });
    const playable = new Set(legal.map((l) => l.text.split('@')[0]));
    for (const b of container.querySelectorAll<HTMLButtonElement>('.mt-tile-btn'))
      expect(b.getAttribute('aria-disabled') === 'true').toBe(!playable.has(b.dataset.tile));
  });

  it("opens the tiles under a stack's top at a readable size, from the top down, and closes them", () => {
    const table = play('stacks', 4);
    const { props } = propsFor(table, 0);
    const { container } = render(<Board {...props} />);
    const look = container.querySelector<HTMLElement>('#mt-stack-look')!;
    expect(look.hidden).toBe(true);
    const k = props.view.stacks!.findIndex((st) => st.beneath.length > 1);
    const st = props.view.stacks![k]!;
    const more = screen.getByRole('button', { name: new RegExp(`^Stack ${k + 1} ${st.height} left, show`) });
    expect(more.getAttribute('aria-expanded')).toBe('false');
    expect(more.getAttribute('aria-controls')).toBe('mt-stack-look');
    fireEvent.click(more);
    expect(more.getAttribute('aria-expanded')).toBe('true');
    expect(look.hidden).toBe(false);
    const list = within(look).getByRole('list', {
      name: `Beneath the top of stack ${k + 1}, from the top down`,
    });
    const shown = [...list.querySelectorAll<HTMLElement>('.mt-small')];
    expect(shown.map((li) => li.dataset.tile)).toEqual(st.beneath);
    for (const li of shown)
      expect(li.querySelector('.mt-visually-hidden')!.textContent).toMatch(
        /^Triangle: red \d+, (blue|yellow) \d+, (blue|yellow) \d+$/,
      );
    // Drawn 60 px wide: the numbers are 15 px tall, where the old row beside the top drew them at 4.
    for (const li of shown)
      expect(Number(li.querySelector('svg')!.getAttribute('width'))).toBeGreaterThanOrEqual(56);
    fireEvent.click(within(look).getByRole('button', { name: 'Hide' }));
    expect(look.hidden).toBe(true);
    expect(more.getAttribute('aria-expanded')).toBe('false');
  });

  it('renders the empty board of a new round with the starting spot in the middle', () => {
    const table = play('multi', 0, 'fresh');
    const seat = game.toAct(table.state)[0]!;
    const { props } = propsFor(table, seat);
    const { container } = render(<Board {...props} />);
    expect(spotsIn(container).map((s) => s.dataset.cell)).toEqual(['0,0']);
    expect(screen.getByTestId('matchet-status').textContent).toBe(en.status.yourStart);
    expect(within(container).getByRole('group', { name: /The board, 0 tiles/ })).toBeTruthy();
  });
});

describe('MATCHET in words', () => {
  beforeAll(async () => {
    await i18next.loadLanguages('de');
  });

  function keys(value: unknown, prefix = ''): string[] {
    if (typeof value !== 'object' || value === null) return [prefix];
    return Object.entries(value).flatMap(([k, v]) => keys(v, prefix ? `${prefix}.${k}` : k));
  }

  it('has every key in English and German', () => {
    expect(keys(de).sort()).toEqual(keys(en).sort());
  });

  it('describes every event of whole games in a sentence, in English and German', () => {
    const seen = new Set<string>();
    for (const [mode, players] of [
      ['multi', 3],
      ['reserve', 1],
      ['stacks', 1],
    ] as const) {
      for (const seed of ['a', 'b', 'c']) {
        const events: GameEvent<MatchetEvent>[] = [];
        const r = game.setup({ players, seed, options: { mode, rounds: 2 } }, events);
        if (!r.ok) throw new Error(r.error.message);
        const s = r.value;
        while (!game.isOver(s)) {
          const seat = game.toAct(s)[0]!;
          const legal = game.legalActions(s, seat);
          game.applyInPlace(s, seat, legal[0], events);
        }
        for (const lang of ['en', 'de']) {
          const t = i18next.getFixedT(lang, 'matchet');
          for (const ev of events) {
            const e = ev.all as MatchetEvent;
            seen.add(e.type);
            for (const viewer of [0, 1, null]) {
              const line = describeEvent(e, t, ['Ada', 'Bo', 'Cy'], viewer);
              expect(line).not.toMatch(/log\.|\{\{|undefined|NaN/);
              expect(line.length).toBeGreaterThan(8);
              if (e.type === 'place' && viewer === e.seat && lang === 'en') expect(line).toMatch(/^You lay /);
              if (e.type === 'place' && viewer === e.seat && lang === 'de')
                expect(line).toMatch(/^Du legst /);
              if (e.type === 'place' && viewer !== e.seat && players > 1)
                expect(line).toContain(['Ada', 'Bo', 'Cy'][e.seat]);
            }
          }
        }
      }
    }
    for (const type of ['deal', 'shuffle', 'stacks', 'draw', 'reserve', 'place', 'round_end', 'game_over'])
      expect(seen).toContain(type);
  });

  it('writes each kind of event as expected', () => {
    const t = i18next.getFixedT('en', 'matchet');
    const names = ['Ada', 'Bo'];
    const place: MatchetEvent = {
      type: 'place',
      seat: 1,
      tile: 'T05',
      row: 1,
      col: 0,
      red: 'T',
      points: 15,
      exceptional: true,
    };
    // The tile as a player sees it: its colours and numbers, and where it went on the board.
    const view = { tileSides: { T05: 'R6Y7B4' }, board: [0, 1, 2].map((col) => ({ row: 1, col })) };
    expect(describeEvent(place, t, names, 0, view)).toBe(
      'Bo lays the red 6, yellow 7, blue 4 triangle where it touches 2 triangles and scores 15. An exceptional play: it touches two or three triangles.',
    );
    expect(describeEvent({ ...place, exceptional: false, points: 0 }, t, names, 1, view)).toBe(
      'You lay the red 6, yellow 7, blue 4 triangle next to the last triangle.',
    );
    expect(describeEvent({ type: 'pass', seat: 0 }, t, names, 0)).toBe('You cannot place a tile and pass.');
    expect(
      describeEvent(
        { type: 'round_end', round: 2, winner: null, points: [5, 0], totals: [20, 30] },
        t,
        names,
        1,
      ),
    ).toBe('Round 2 is over: blocked, nobody could place. Points: Ada 5, you 0. Totals: Ada 20, you 30.');
    expect(
      describeEvent({ type: 'game_over', scores: [20, 20], winners: [0, 1], solo: null }, t, names, null),
    ).toBe('Game over. The winners: Ada and Bo. Totals: Ada 20, Bo 20.');
    expect(
      describeEvent(
        { type: 'game_over', scores: [36], winners: [0], solo: { won: true, score: 36 } },
        t,
        names,
        0,
      ),
    ).toBe('Solitaire won: all 36 tiles placed.');
    const tDe = i18next.getFixedT('de', 'matchet');
    expect(
      describeEvent({ type: 'draw', seat: 1, tile: 'T07', pool: 12 }, tDe, names, 0, {
        tileSides: { T07: 'R1B9Y3' },
      }),
    ).toBe('Bo zieht das Dreieck Rot 1, Blau 9, Gelb 3 (noch 12 im Vorrat).');
  });
});
