// The shell's parts in jsdom: routes, seats and the lobby's one-click play.
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import JoinPage from '../src/pages/JoinPage.tsx';
import { Lobby } from '../src/pages/Lobby.tsx';
import { parseRoute } from '../src/router.ts';
import { Seats } from '../src/table/Seats.tsx';
import { loadTickets } from '../src/tickets.ts';

afterEach(() => {
  vi.unstubAllGlobals();
  history.replaceState(null, '', '/');
});

describe('routes', () => {
  it('names the four pages and keeps the invite', () => {
    expect(parseRoute('/', '')).toEqual({ name: 'lobby' });
    expect(parseRoute('/t/abc_DEF-12', '')).toEqual({ name: 'table', tableId: 'abc_DEF-12' });
    expect(parseRoute('/join/abcdefgh', '?invite=xyz')).toEqual({
      name: 'join',
      tableId: 'abcdefgh',
      invite: 'xyz',
    });
    expect(parseRoute('/rules/sweet16', '')).toEqual({ name: 'rules', game: 'sweet16' });
    expect(parseRoute('/nothing/here', '')).toEqual({ name: 'missing', path: '/nothing/here' });
  });
});

describe('the seats', () => {
  it('shows names, bots, presence, this seat and whose turn it is', () => {
    render(
      <Seats
        seats={[
          { seat: 0, kind: 'human', name: 'Ada', level: null, left: false, connected: true },
          { seat: 1, kind: 'bot', name: 'Bot (easy)', level: 'easy', left: false, connected: false },
          { seat: 2, kind: 'open', name: null, level: null, left: false, connected: false },
        ]}
        names={['Ada', 'Bot (easy)', 'Open seat 3']}
        toAct={[1]}
        mySeat={0}
      />,
    );
    const items = screen.getAllByRole('listitem');
    expect(items[0]!.textContent).toContain('Ada (you)');
    expect(items[0]!.textContent).toContain('here');
    expect(items[1]!.getAttribute('aria-current')).toBe('true');
    expect(within(items[1]!).getByText('to play')).toBeTruthy();
    expect(items[2]!.textContent).toContain('open');
  });
});

function fakeServer() {
  const calls: { method: string; url: string; body: unknown }[] = [];
  const fetchMock = vi.fn(async (url: string, init?: RequestInit) => {
    const body: unknown = typeof init?.body === 'string' ? JSON.parse(init.body) : undefined;
    calls.push({ method: init?.method ?? 'GET', url, body });
    const json = (data: unknown, status = 200) =>
      new Response(JSON.stringify(data), { status, headers: { 'content-type': 'application/json' } });
    if (url === '/api/lobby') return json({ open: [], mine: [] });
    // "Play now" asks to be paired; this server seats the seeker at once (nobody else waits).
    if (url === '/api/pairing' && init?.method === 'POST')
      return json({
        state: 'seated',
        game: (body as { game: string }).game,
        players: (body as { players: number }).players,
        ticket: { tableId: 'table123', seat: 0, token: 'tok_' + 'x'.repeat(30) },
        now: 1,
      });
    if (url === '/api/games') return json([]);
    if (url === '/api/tables' && init?.method === 'POST')
      return json(
        {
          // A whole table summary, as the server sends it: the page checks every answer's shape.
          table: {
            id: 'table123',
            game: 'matchmaster',
            players: 4,
            options: {},
            seats: [],
            status: 'playing',
            version: 0,
            public: false,
            clockSeconds: null,
            createdAt: 1,
            updatedAt: 1,
            result: null,
          },
          ticket: { tableId: 'table123', seat: 0, token: 'tok_' + 'x'.repeat(30) },
          invite: 'inv',
          inviteUrl: 'http://localhost/join/table123?invite=inv',
        },
        201,
      );
    return json({ error: { code: 'not_found', message: 'No.' } }, 404);
  });
  vi.stubGlobal('fetch', fetchMock);
  return calls;
}

describe('the lobby', () => {
  it('plays MatchMaster in one click: paired (here at once), the ticket kept, the table opened', async () => {
    const calls = fakeServer();
    render(<Lobby />);
    const card = (await screen.findByRole('heading', { name: 'MatchMaster' })).closest('li')!;
    fireEvent.click(within(card).getByRole('button', { name: 'Play now' }));
    await waitFor(() => expect(location.pathname).toBe('/t/table123'));
    const seek = calls.find((c) => c.url === '/api/pairing')!;
    expect(seek.body).toMatchObject({ game: 'matchmaster', players: 4, name: 'Player', botLevel: 'medium' });
    expect(loadTickets()).toEqual([
      { tableId: 'table123', seat: 0, token: 'tok_' + 'x'.repeat(30), game: 'matchmaster' },
    ]);
  });

  it('plays with the number of players chosen per game', async () => {
    const calls = fakeServer();
    render(<Lobby />);
    const card = (await screen.findByRole('heading', { name: 'MATCH!' })).closest('li')!;
    const count = within(card).getByRole<HTMLSelectElement>('combobox', { name: 'Players for MATCH!' });
    expect([...count.options].map((o) => o.value)).toEqual(['2', '3', '4', '5', '6', '7', '8']);
    fireEvent.change(count, { target: { value: '3' } });
    fireEvent.click(within(card).getByRole('button', { name: 'Play now' }));
    await waitFor(() => expect(calls.some((c) => c.url === '/api/pairing')).toBe(true));
    expect(calls.find((c) => c.url === '/api/pairing')!.body).toMatchObject({ game: 'match', players: 3 });
  });

  it('offers the solitaires and the duel as their own modes', async () => {
    fakeServer();
    render(<Lobby />);
    await screen.findByRole('heading', { name: 'MATCHET' });
    expect(screen.getByRole('button', { name: 'Duel (2 players)' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Solitaire: reserve' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Solitaire: stacks' })).toBeTruthy();
  });
});

describe('an invitation while the server cannot be reached', () => {
  it("says so in a player's words and what still works, not a raw error", async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => {
        throw new TypeError('Failed to fetch');
      }),
    );
    render(<JoinPage tableId="table123" invite="inv" />);
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toBe(
      'The server cannot be reached just now. Check your connection or try again in a moment; games against bots still work in this browser (Play offline in the lobby).',
    );
  });
});
