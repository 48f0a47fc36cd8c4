// The lobby's note of a pause from pairing (PairingPauseNote.tsx) in jsdom, fed GET /api/pause as
// the server answers it: the number of games left and the pause's end, in English and German;
// nothing without a pause or without a server; the note goes when the pause ends.
import { act, render, screen } from '@testing-library/react';
import i18n from 'i18next';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { PairingPauseNote, pauseEnd } from '../src/pages/PairingPauseNote.tsx';

afterEach(async () => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
  await i18n.changeLanguage('en');
});

/** GET /api/pause answers `pause`; every request is kept. */
function servePause(pause: unknown): string[] {
  const asked: string[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (path: string) => {
      asked.push(path);
      return new Response(JSON.stringify({ pause }), {
        status: 200,
        headers: { 'content-type': 'application/json' },
      });
    }),
  );
  return asked;
}

describe('the pause from pairing in the lobby', () => {
  it('says how many games were left and when "Play now" pairs again, in English and German', async () => {
    const until = Date.now() + 15 * 60_000;
    const asked = servePause({ reason: 'left_games', leaves: 3, until });
    const { unmount } = render(<PairingPauseNote />);
    const note = await screen.findByTestId('pairing-pause');
    expect(asked).toEqual(['/api/pause']);
    expect(note.getAttribute('role')).toBe('status');
    const endEn = pauseEnd(until, 'en');
    expect(note.textContent).toContain(
      `You left 3 games in the last day: “Play now” does not seat you with other people until ${endEn}.`,
    );
    expect(note.textContent).toContain('Tables of your own and games against bots are open meanwhile.');
    unmount();

    await i18n.changeLanguage('de');
    render(<PairingPauseNote />);
    const de = await screen.findByTestId('pairing-pause');
    expect(de.textContent).toContain(
      `Du hast in den letzten 24 Stunden 3 Spiele verlassen: „Jetzt spielen“ setzt dich bis ${pauseEnd(until, 'de')} nicht zu anderen.`,
    );
  });

  it('names the date too when the pause ends on another day', () => {
    const now = new Date(2026, 10, 29, 23, 0).getTime();
    const tomorrow = new Date(2026, 10, 30, 0, 35).getTime();
    expect(pauseEnd(now + 20 * 60_000, 'en-GB', now)).toBe('23:20');
    expect(pauseEnd(tomorrow, 'en-GB', now)).toMatch(/30 Nov 2026.*00:35/);
  });

  it('shows nothing without a pause, or without a server', async () => {
    const asked = servePause(null);
    const { container, unmount } = render(<PairingPauseNote />);
    await vi.waitFor(() => expect(asked).toHaveLength(1));
    await act(async () => undefined);
    expect(container.innerHTML).toBe('');
    unmount();
    vi.stubGlobal('fetch', () => Promise.reject(new TypeError('Failed to fetch')));
    const offline = render(<PairingPauseNote />);
    await act(async () => undefined);
    expect(offline.container.innerHTML).toBe('');
  });

  it('goes when the pause ends', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] });
    servePause({ reason: 'left_games', leaves: 2, until: Date.now() + 5 * 60_000 });
    render(<PairingPauseNote />);
    await act(async () => {
      await vi.advanceTimersByTimeAsync(10);
    });
    expect(screen.getByTestId('pairing-pause')).toBeTruthy();
    await act(async () => {
      await vi.advanceTimersByTimeAsync(5 * 60_000);
    });
    expect(screen.queryByTestId('pairing-pause')).toBeNull();
  });
});
