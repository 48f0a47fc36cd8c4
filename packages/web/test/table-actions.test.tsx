// The hint, undo and "still winnable?" row of a table (jsdom): which buttons a seat gets, what a
// hint shows and marks on the board, and refusals in the reader's language by their code.
import type { ActAck, HintAck, SolveAck, TableUpdate } from '@matchbox/client';
import { act, fireEvent, render, screen, within } from '@testing-library/react';
import i18next from 'i18next';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { refusalText } from '../src/errors.ts';
import type { TableActionsProps } from '../src/table/TableActions.tsx';
import { TableActions } from '../src/table/TableActions.tsx';
import { tableUpdate } from '../../client/test/table-update.ts';

const update = (over: Partial<TableUpdate> = {}): TableUpdate =>
  tableUpdate({
    tableId: 'tbl123',
    version: 4,
    from: 3,
    legal: [
      { text: 'bid 0', action: {} },
      { text: 'bid 1', action: {} },
      { text: 'bid 2', action: {} },
    ],
    phase: 'bid',
    ...over,
  });

const never = <T,>() => vi.fn<() => Promise<T>>(() => new Promise<T>(() => undefined));

function renderRow(props: Partial<TableActionsProps> = {}) {
  const all: TableActionsProps = {
    game: 'matchmaster',
    options: {},
    update: update(),
    undo: never<ActAck>(),
    hint: never<HintAck>(),
    solve: never<SolveAck>(),
    ...props,
  };
  return render(
    <>
      <TableActions {...all} />
      <section className="board-area">
        {all.update.legal.map((l) => (
          <button key={l.text} type="button" data-action={l.text}>
            {l.text}
          </button>
        ))}
      </section>
    </>,
  );
}

afterEach(async () => {
  await act(() => i18next.changeLanguage('en'));
});

describe('the hint button', () => {
  it('shows the suggested bid, marks it on the board and lists the odds of each trick count', async () => {
    const hint = vi.fn(async (): Promise<HintAck> => ({
      ok: true,
      version: 4,
      hint: {
        text: 'bid 1',
        alternatives: [
          { text: 'bid 1', value: 0.6, outcomes: [0.25, 0.5, 0.25] },
          { text: 'bid 0', value: 0.3 },
        ],
      },
    }));
    const { container } = renderRow({ hint });
    const button = screen.getByRole('button', { name: 'Hint' });
    button.focus();
    expect(document.activeElement).toBe(button); // reachable from the keyboard
    fireEvent.click(button);
    expect(await screen.findByText(/Suggestion: bid 1 trick/)).toBeTruthy();
    expect(hint).toHaveBeenCalledTimes(1);
    const odds = within(screen.getByTestId('hint-odds')).getAllByRole('listitem');
    expect(odds.map((li) => li.getAttribute('aria-label'))).toEqual([
      '0 tricks: 25%',
      '1 trick: 50%',
      '2 tricks: 25%',
    ]);
    // The style rule marks exactly the suggested choice's element.
    const rule = container.querySelector('style')!.textContent;
    const selector = rule.slice(0, rule.indexOf('{'));
    const marked = [...document.querySelectorAll(selector)];
    expect(marked.map((el) => el.textContent)).toEqual(['bid 1']);
  });

  it('marks one of several choices on an element, and a hint of an older position is not shown', async () => {
    const hint = vi.fn(async (): Promise<HintAck> => ({
      ok: true,
      version: 4,
      hint: { text: 'discard "r3"', alternatives: [{ text: 'discard "r3"', value: 1 }] },
    }));
    const view = renderRow({ hint, game: 'match' });
    const card = document.createElement('button');
    card.dataset.actions = '|collect r3|discard "r3"|';
    document.querySelector('.board-area')!.append(card);
    fireEvent.click(screen.getByRole('button', { name: 'Hint' }));
    await screen.findByTestId('hint');
    const rule = document.querySelector('style')!.textContent;
    expect([...document.querySelectorAll(rule.slice(0, rule.indexOf('{')))]).toEqual([card]);
    view.rerender(
      <TableActions
        game="match"
        options={{}}
        update={update({ version: 5 })}
        undo={never()}
        hint={hint}
        solve={never()}
      />,
    );
    expect(screen.queryByTestId('hint')).toBeNull();
  });

  it('words a bid in the game’s language, and shows odds only where the game’s plugin does', async () => {
    const hint = vi.fn(async (): Promise<HintAck> => ({
      ok: true,
      version: 4,
      hint: { text: 'bid 2', alternatives: [{ text: 'bid 2', value: 0.5, outcomes: [0.5, 0.5] }] },
    }));
    await act(() => i18next.changeLanguage('de'));
    const german = renderRow({ hint });
    fireEvent.click(screen.getByRole('button', { name: 'Tipp' }));
    expect((await screen.findByTestId('hint')).textContent).toContain('Vorschlag: 2 Stiche ansagen');
    expect(
      within(screen.getByTestId('hint-odds'))
        .getAllByRole('listitem')
        .map((li) => li.getAttribute('aria-label')?.replace(/\s/g, ' ')),
    ).toEqual(['0 Stiche: 50 %', '1 Stich: 50 %']);
    german.unmount();
    await act(() => i18next.changeLanguage('en'));
    // MATCH!'s plugin shows no odds: a hint that carried some shows the suggestion alone.
    const other = vi.fn(async (): Promise<HintAck> => ({
      ok: true,
      version: 4,
      hint: { text: 'bid 2', alternatives: [{ text: 'bid 2', value: 0.5, outcomes: [0.5, 0.5] }] },
    }));
    renderRow({ hint: other, game: 'match' });
    fireEvent.click(screen.getByRole('button', { name: 'Hint' }));
    expect((await screen.findByTestId('hint')).textContent).toContain('Suggestion: bid 2');
    expect(screen.queryByTestId('hint-odds')).toBeNull();
  });

  it('is offered only to a seat whose turn it is', () => {
    renderRow({ update: update({ legal: [], toAct: [1] }) });
    expect(screen.queryByRole('button', { name: 'Hint' })).toBeNull();
    renderRow({ update: update({ seat: null }) });
    expect(screen.queryByTestId('table-actions')).toBeNull();
  });
});

const fixed =
  (ns: string) =>
  (key: string, options?: Record<string, unknown>): string =>
    i18next.t(key, { ...options, lng: 'en', ns });
const fixedDe =
  (ns: string) =>
  (key: string, options?: Record<string, unknown>): string =>
    i18next.t(key, { ...options, lng: 'de', ns });

describe('a suggestion in words', () => {
  it('uses the game’s words for a card, and the notation where a game has none', async () => {
    const hintFor = (text: string) =>
      vi.fn(async (): Promise<HintAck> => ({ ok: true, version: 4, hint: { text, alternatives: [] } }));
    const mm = await import('../src/games/matchmaster/log.ts');
    const ma = await import('../src/games/match/log.ts');
    const tmm = i18next.getFixedT('en', 'matchmaster');
    const tma = fixed('match');
    renderRow({ hint: hintFor('do12'), describe: (x) => mm.describeAction(x, tmm) });
    fireEvent.click(screen.getByRole('button', { name: 'Hint' }));
    expect((await screen.findByTestId('hint')).textContent).toContain('Suggestion: dark orange 12');
    expect(ma.describeAction('collect r3', tma)).toBe('Collect red 3 on your Red stack and draw');
    expect(ma.describeAction('discard stack:r', tma)).toBe(
      'Discard the top card of your Red stack onto the pile',
    );
    await i18next.changeLanguage('de'); // loads the German words
    await i18next.changeLanguage('en');
    expect(ma.describeAction('discard stack:y', fixedDe('match'))).toBe(
      'Die oberste Karte deines Stapels Gelb auf die Ablage legen',
    );
  });

  it('puts every Sweet16 choice in words, in English and German', async () => {
    await i18next.changeLanguage('de'); // loads the German words
    await i18next.changeLanguage('en');
    const s16 = await import('../src/games/sweet16/log.ts');
    const en = fixed('sweet16');
    const de = fixedDe('sweet16');
    expect(s16.describeAction('flip B3', en)).toBe('flip the card at B3');
    expect(s16.describeAction('back C2', en)).toBe('put the card at C2 back face down');
    expect(s16.describeAction('steal 7D', en)).toBe('take the 7 of diamonds with your club');
    expect(s16.describeAction('tryst A3 C3 F3', en)).toBe('score A3, C3, F3 as a tryst');
    expect(s16.describeAction('bury B5', de)).toBe('die Karte auf B5 begraben');
    expect(s16.describeAction('look D4', de)).toBe('die Karte auf D4 ansehen');
    for (const text of [
      'flip B3',
      'back B3',
      'activate B3',
      'look B3',
      'take B5',
      'bury B5',
      'steal 7D',
      'tryst A3 C3',
    ])
      for (const t of [en, de])
        expect(s16.describeAction(text, t) ?? text).not.toMatch(/^[a-z]+ [A-Z0-9]+\d?[A-Z]?$|choice\./);
  });
});

describe('undo', () => {
  it('shows while the server allows it, and a refusal in German by its code', async () => {
    renderRow({ update: update({ canUndo: false }) });
    expect(screen.queryByRole('button', { name: 'Undo' })).toBeNull();
    const undo = vi.fn(async (): Promise<ActAck> => ({
      ok: false,
      error: { code: 'undo_after_reveal', message: 'That move revealed a card.' },
    }));
    await act(() => i18next.changeLanguage('de'));
    renderRow({ update: update({ canUndo: true }), undo });
    fireEvent.click(screen.getByRole('button', { name: 'Zurücknehmen' }));
    expect((await screen.findByRole('alert')).textContent).toBe(
      'Dieser Zug lässt sich nicht zurücknehmen: Seitdem wurde etwas aufgedeckt.',
    );
    expect(undo).toHaveBeenCalledTimes(1);
  });

  it('takes back a move', async () => {
    const undo = vi.fn(async (): Promise<ActAck> => ({ ok: true, version: 5 }));
    renderRow({ update: update({ canUndo: true }), undo });
    fireEvent.click(screen.getByRole('button', { name: 'Undo' }));
    expect(await screen.findByText('Your move was taken back.')).toBeTruthy();
  });
});

describe('still winnable?', () => {
  it('is asked only in the MATCHET stacks solitaire and answers in words', async () => {
    renderRow({ game: 'matchet', options: { mode: 'reserve' } });
    expect(screen.queryByRole('button', { name: /still winnable/ })).toBeNull();
    const solve = vi.fn(async (): Promise<SolveAck> => ({ ok: true, status: 'loss', nodes: 12 }));
    renderRow({ game: 'matchet', options: { mode: 'stacks' }, solve });
    fireEvent.click(screen.getByRole('button', { name: 'Is this deal still winnable?' }));
    expect((await screen.findByTestId('solve-verdict')).textContent).toBe(
      'No: this deal can no longer be won.',
    );
  });
});

describe('refusals', () => {
  it('are worded by code in English and German, with the server’s message for an unknown code', async () => {
    const t = i18next.t.bind(i18next);
    expect(refusalText({ code: 'must_overtrump', message: 'x' }, t)).toBe('You must overtrump.');
    expect(refusalText({ code: 'brand_new', message: 'Something new.' }, t)).toBe('Something new.');
    await act(() => i18next.changeLanguage('de'));
    expect(refusalText({ code: 'must_overtrump', message: 'x' }, i18next.t.bind(i18next))).toBe(
      'Du musst übertrumpfen.',
    );
  });

  it('have German words for every English one', async () => {
    const en = (await import('../src/i18n/locales/en/errors.json')).default;
    const de = (await import('../src/i18n/locales/de/errors.json')).default;
    expect(Object.keys(de).sort()).toEqual(Object.keys(en).sort());
  });
});
