// The profile's stats (jsdom, the server's answers stubbed): games and wins, then each game's own
// figures in that game's words (its namespace's `figures.<name>`), a share as "solved / played",
// in English and German; an answer in the old flat shape is refused, not half-shown.
import type { PlayerProfile } from '@matchbox/client';
import { render, screen } from '@testing-library/react';
import i18n from 'i18next';
import { Suspense } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import ProfilePage from '../src/pages/ProfilePage.tsx';
import { PLAYER_STATS } from '../../client/test/player-stats.ts';

afterEach(async () => {
  vi.unstubAllGlobals();
  await i18n.changeLanguage('en');
});

/** A server answering the profile with `profile` and its events with none. */
function serve(profile: unknown) {
  vi.stubGlobal(
    'fetch',
    vi.fn(async (path: string) => {
      const body = path === '/api/players/Ada' ? profile : [];
      return new Response(JSON.stringify(body), {
        status: 200,
        headers: { 'content-type': 'application/json' },
      });
    }),
  );
}

const PROFILE: PlayerProfile = {
  name: 'Ada',
  createdAt: Date.UTC(2026, 10, 1),
  ratings: [],
  history: [],
  // What the server's summary gives (server/test/stats.test.ts).
  stats: PLAYER_STATS,
};

const show = () =>
  render(
    <Suspense fallback="loading">
      <ProfilePage name="Ada" />
    </Suspense>,
  );

/** A game's stats as label: value lines. */
async function lines(game: string): Promise<string[]> {
  const box = await vi.waitFor(() => {
    const found = document.querySelector(`.stats[data-game="${game}"]`);
    if (!found) throw new Error(`no stats for ${game}`);
    return found;
  });
  return [...box.querySelectorAll('.stat')].map(
    (s) => `${s.querySelector('dt')?.textContent}: ${s.querySelector('dd')?.textContent}`,
  );
}

describe("the profile's stats", () => {
  it("shows games, wins and each game's own figures in its words", async () => {
    serve(PROFILE);
    show();
    expect(await lines('matchmaster')).toEqual([
      'Games: 2',
      'Wins: 1',
      'Hands: 26',
      'Bids made exactly: 8',
      'Points per hand: 3.08',
    ]);
    expect(await lines('matchet')).toEqual([
      'Games: 3',
      'Wins: 1',
      'Rounds won: 3',
      'Solitaires solved: 1 / 2',
    ]);
    expect(await lines('sweet16')).toEqual(['Games: 2', 'Wins: 1', 'Average bank: 17.5']);
  });

  it('in German', async () => {
    serve(PROFILE);
    await i18n.changeLanguage('de');
    show();
    expect((await lines('matchmaster')).slice(2)).toEqual([
      'Runden: 26',
      'Genau erfüllte Ansagen: 8',
      'Punkte pro Runde: 3,08',
    ]);
    expect((await lines('matchet')).slice(2)).toEqual(['Gewonnene Runden: 3', 'Gelöste Solitäre: 1 / 2']);
  });

  it('shows each rating in the reader’s numbers, marked while it is provisional', async () => {
    serve({
      ...PROFILE,
      ratings: [
        {
          game: 'matchmaster',
          kind: 'account',
          name: 'Ada',
          mu: 25,
          sigma: 8,
          rating: 1523,
          games: 3,
          provisional: true,
        },
        {
          game: 'match',
          kind: 'account',
          name: 'Ada',
          mu: 25,
          sigma: 2,
          rating: 1610,
          games: 40,
          provisional: false,
        },
      ],
    });
    await i18n.changeLanguage('de');
    show();
    const cell = (game: string) =>
      vi.waitFor(() => {
        const found = document.querySelector(`.ratings tr[data-game="${game}"] .rating`);
        if (!found) throw new Error(`no rating for ${game}`);
        return found.textContent;
      });
    expect(await cell('matchmaster')).toBe('1.523 (vorläufig)');
    expect(await cell('match')).toBe('1.610');
  });

  it("a game the page has no words for shows its figures' names", async () => {
    serve({
      ...PROFILE,
      stats: [{ game: 'fifth', games: 1, wins: 1, figures: [{ name: 'towers', value: 7 }] }],
    });
    show();
    expect(await lines('fifth')).toEqual(['Games: 1', 'Wins: 1', 'towers: 7']);
  });

  it('refuses stats without their figures (the shape before the games declared their own)', async () => {
    serve({ ...PROFILE, stats: [{ game: 'matchmaster', games: 2, wins: 1, hands: 26 }] });
    show();
    expect((await screen.findByRole('alert')).textContent).toContain('figures');
    expect(document.querySelector('.stats')).toBeNull();
  });
});
