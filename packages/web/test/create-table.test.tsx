// The create-table form in jsdom, fed the games as GET /api/games lists them: every option is a
// choice in words (named formats, seats by who sits there), the values sent are the engine's, and
// no notation or option name shows, in English and German.
import { GAMES } from '@matchbox/engine';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import i18n from 'i18next';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { CreateTableBody } from '@matchbox/client';
import { CreateTable } from '../src/pages/CreateTable.tsx';

const GAME_LIST = GAMES.map((g) => ({
  id: g.meta.id,
  name: g.meta.name,
  minPlayers: g.meta.minPlayers,
  maxPlayers: g.meta.maxPlayers,
  defaultPlayers: g.meta.defaultPlayers,
  options: g.meta.options,
  summary: g.meta.summary,
}));

afterEach(async () => {
  vi.unstubAllGlobals();
  await i18n.changeLanguage('en');
});

function serveGames() {
  vi.stubGlobal(
    'fetch',
    vi.fn(
      async () =>
        new Response(JSON.stringify(GAME_LIST), {
          status: 200,
          headers: { 'content-type': 'application/json' },
        }),
    ),
  );
}

async function openForm() {
  serveGames();
  const sent: CreateTableBody[] = [];
  render(
    <CreateTable
      name={() => 'Ada'}
      onCreate={async (body) => {
        sent.push(body);
      }}
    />,
  );
  await screen.findByLabelText(/Length of the game|Länge des Spiels/);
  return sent;
}

const form = () => document.querySelector('form.create-form') as HTMLFormElement;
const select = (name: string) => form().querySelector(`select[name="${name}"]`) as HTMLSelectElement;
const optionTexts = (name: string) => [...select(name).options].map((o) => o.textContent ?? '');

/** Notation and developer words a player must not read in the form. */
const NOTATION =
  /\b(handSizes|firstDealer|firstPlayer|turnLimit|memoryAid|from 0|ab 0|\d+,\d+,\d+|MM-\d|MA-\d|S16-\d|MT-\d)\b/;

describe('the create-table form', () => {
  it('offers MatchMaster formats by name and the first dealer by seat, and sends the engine values', async () => {
    const sent = await openForm();
    expect(optionTexts('handSizes')).toEqual([
      'Standard: 13 hands, 7 cards down to 1 and back up to 7',
      'Half: 7 hands, 7 cards down to 1',
      'Short: 7 hands, 4 cards down to 1 and back up to 4',
      'Quick: 3 hands of 3, 2 and 1 cards',
    ]);
    // The seats as the form has them: the creator in the first open seat, bots at their level.
    expect(optionTexts('firstDealer')).toEqual([
      'Seat 1: you',
      'Seat 2: a person you invite',
      'Seat 3: a bot (medium)',
      'Seat 4: a bot (medium)',
    ]);
    expect(screen.getByText(/the player after the dealer leads it/)).toBeTruthy();
    fireEvent.change(select('handSizes'), { target: { value: 'short' } });
    fireEvent.change(select('firstDealer'), { target: { value: '2' } });
    fireEvent.submit(form());
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]!.options).toEqual({ handSizes: [4, 3, 2, 1, 2, 3, 4], firstDealer: 2 });
    // A table of several seats always has a time per move (a stand-in plays after it, #32): the
    // form says so, offers no "No clock" the server would not keep, and sends what it shows.
    expect(sent[0]!.clockSeconds).toBe(60);
    const clock = screen.getByLabelText<HTMLSelectElement>('Time per move');
    expect(clock.selectedOptions[0]!.textContent).toBe('1 minute');
    expect([...clock.options].map((o) => o.textContent)).not.toContain('No clock');
    expect(form().textContent).not.toMatch(NOTATION);
  });

  it('fits the player count to the mode and explains every option (MATCHET, Sweet16, MATCH!)', async () => {
    const sent = await openForm();
    fireEvent.change(select('game'), { target: { value: 'matchet' } });
    await waitFor(() => expect(select('mode')).toBeTruthy());
    expect(optionTexts('rounds')[0]).toBe('3 rounds (the standard game)');
    fireEvent.change(select('mode'), { target: { value: 'stacks' } });
    expect(select('players').value).toBe('1');
    expect(select('players').disabled).toBe(true);
    expect(select('rounds')).toBeNull();
    fireEvent.submit(form());
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]).toMatchObject({ game: 'matchet', players: 1, options: { mode: 'stacks' } });

    fireEvent.change(select('game'), { target: { value: 'sweet16' } });
    await waitFor(() => expect(select('mode').value).toBe('base'));
    expect(within(form()).queryByText(/turn limit/i)).toBeNull();
    fireEvent.change(select('mode'), { target: { value: 'duel' } });
    expect(select('players').value).toBe('2');

    fireEvent.change(select('game'), { target: { value: 'match' } });
    await waitFor(() => expect(select('target')).toBeTruthy());
    expect(optionTexts('target')).toContain('50 points (the standard game)');
    expect(optionTexts('firstPlayer')[0]).toBe('Seat 1: you');
    // Every control has its explanation in words, tied to it for screen readers.
    for (const control of form().querySelectorAll('select[name="target"], select[name="firstPlayer"]')) {
      const hint = document.getElementById(control.getAttribute('aria-describedby') ?? '');
      expect(hint?.textContent?.length).toBeGreaterThan(20);
    }
    expect(form().textContent).not.toMatch(NOTATION);
  });

  it('reads in German without notation', async () => {
    await i18n.changeLanguage('de');
    await openForm();
    expect(optionTexts('handSizes')[0]).toBe(
      'Standard: 13 Runden, 7 Karten hinunter bis 1 und wieder hinauf bis 7',
    );
    expect(optionTexts('firstDealer')[0]).toBe('Platz 1: du');
    expect(form().textContent).not.toMatch(NOTATION);
  });
});
