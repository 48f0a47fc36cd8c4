// The lobby without the server: it says so, offers the games in the browser, and "Play now"
// opens the same game on the local table; the routes of the games in the browser.
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Lobby } from '../src/pages/Lobby.tsx';
import { parseRoute } from '../src/router.ts';

afterEach(() => {
  vi.unstubAllGlobals();
  history.replaceState(null, '', '/');
});

describe('the lobby without the server', () => {
  it('says the server is unreachable and plays "Play now" in the browser', async () => {
    // fetch rejects, as it does when nothing listens on the port
    vi.stubGlobal('fetch', () => Promise.reject(new TypeError('Failed to fetch')));
    render(<Lobby />);
    expect(await screen.findByTestId('server-unreachable')).toBeTruthy();
    const card = (await screen.findByRole('heading', { name: 'MatchMaster' })).closest('li')!;
    expect(
      within(card)
        .getByRole('link', { name: /Play offline: MatchMaster/ })
        .getAttribute('href'),
    ).toBe('/play/matchmaster?level=medium');
    expect(
      within(card)
        .getByRole('link', { name: /Learn MatchMaster/ })
        .getAttribute('href'),
    ).toBe('/learn/matchmaster');
    fireEvent.click(within(card).getByRole('button', { name: 'Play now' }));
    await waitFor(() => expect(location.pathname + location.search).toBe('/play/matchmaster?level=medium'));
  });

  it('routes the games in the browser', () => {
    expect(parseRoute('/play/matchet-stacks', '?level=hard')).toEqual({
      name: 'play',
      mode: 'matchet-stacks',
      query: '?level=hard',
    });
    expect(parseRoute('/daily', '?date=2026-01-01')).toEqual({ name: 'daily', query: '?date=2026-01-01' });
    expect(parseRoute('/learn/match', '')).toEqual({ name: 'learn', game: 'match' });
    expect(parseRoute('/learn/../x', '')).toMatchObject({ name: 'missing' });
  });
});
