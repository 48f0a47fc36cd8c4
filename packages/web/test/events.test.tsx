// The duplicate events' page: the standings of an event (members, then guests apart) with each
// deal's result and matchpoints, the entry for a guest, and the lobby's line of today's events.
import { render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { EventDetail, EventSummary } from '@matchbox/client';
import i18next from 'i18next';
import EventPage from '../src/events/EventPage.tsx';
import { TodayEvents } from '../src/events/TodayEvents.tsx';
import { eventTicket, eventsApi } from '../src/events/api.ts';
import commonDe from '../src/i18n/locales/de/common.json';
import commonEn from '../src/i18n/locales/en/common.json';
import eventsDe from '../src/i18n/locales/de/events.json';
import eventsEn from '../src/i18n/locales/en/events.json';

const summary: EventSummary = {
  id: 'matchmaster-daily-2026-11-29',
  game: 'matchmaster',
  kind: 'daily',
  date: '2026-11-29',
  opensAt: Date.parse('2026-11-29T00:00:00Z'),
  closesAt: Date.parse('2026-11-30T00:00:00Z'),
  status: 'open',
  entrants: 3,
  finished: 2,
  deals: 2,
  players: 4,
  seat: 0,
  level: 'medium',
};
const detail: EventDetail = {
  ...summary,
  standings: [
    {
      name: 'Bob',
      score: 37.5,
      rank: 2,
      guest: false,
      finished: true,
      deals: [
        { result: 13, matchpoints: 75 },
        { result: -1, matchpoints: 0 },
      ],
    },
    {
      name: 'Ann',
      score: 87.5,
      rank: 1,
      guest: false,
      finished: true,
      deals: [
        { result: 13, matchpoints: 75 },
        { result: 11, matchpoints: 100 },
      ],
    },
    {
      name: 'Gus',
      score: 25,
      rank: 1,
      guest: true,
      finished: false,
      deals: [{ result: 12, matchpoints: 50 }, null],
    },
  ],
};

function serve(routes: Record<string, unknown>) {
  vi.stubGlobal(
    'fetch',
    vi.fn((url: string) => {
      const body = routes[String(url)];
      return Promise.resolve(
        new Response(JSON.stringify(body ?? { error: { code: 'not_found', message: 'no' } }), {
          status: body === undefined ? 404 : 200,
          headers: { 'content-type': 'application/json' },
        }),
      );
    }),
  );
}

afterEach(() => {
  vi.unstubAllGlobals();
  localStorage.clear();
});

describe('an event page', () => {
  it('ranks the members, then the guests apart, with every deal and its matchpoints', async () => {
    serve({ [`/api/events/${summary.id}`]: detail, '/api/account': { account: null } });
    render(<EventPage id={summary.id} />);
    const tables = await screen.findAllByRole('table');
    expect(tables).toHaveLength(2);
    const rows = within(tables[0]!).getAllByRole('row').slice(1);
    expect(
      rows.map((r) =>
        within(r)
          .getAllByRole('cell')
          .map((c) => c.textContent),
      ),
    ).toEqual([
      ['1', 'Ann', '87.5%', '1375%', '11100%'],
      ['2', 'Bob', '37.5%', '1375%', '-10%'],
    ]);
    const guest = within(tables[1]!).getAllByRole('row')[1]!;
    expect(
      within(guest)
        .getAllByRole('cell')
        .map((c) => c.textContent),
    ).toEqual(['1', 'Gus · playing', '25.0%', '1250%', '–']);
    expect(screen.getByRole('heading', { name: 'MatchMaster, daily event (2026-11-29)' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Play this event' })).toBeTruthy();
  });

  it("the lobby shows today's events with how many played them", async () => {
    serve({ '/api/events': [summary, { ...summary, id: 'matchmaster-weekly-2026-11-23', kind: 'weekly' }] });
    render(<TodayEvents />);
    await waitFor(() => expect(screen.getByText('2 played')).toBeTruthy());
    expect(screen.getAllByRole('listitem')).toHaveLength(1);
  });

  it('entering again (another device) takes the ticket the refusal carries; another refusal is an error', async () => {
    const ticket = { tableId: 'table123', seat: 0, token: 't'.repeat(32) };
    vi.stubGlobal(
      'fetch',
      vi.fn(() =>
        Promise.resolve(
          new Response(JSON.stringify({ error: { code: 'already_entered', message: 'again', ticket } }), {
            status: 409,
          }),
        ),
      ),
    );
    await expect(eventsApi.enter(summary.id, 'Ann', 'matchmaster')).resolves.toEqual(ticket);
    expect(eventTicket(summary.id)).toEqual(ticket);
    vi.stubGlobal(
      'fetch',
      vi.fn(() =>
        Promise.resolve(
          new Response(JSON.stringify({ error: { code: 'event_closed', message: 'closed' } }), {
            status: 409,
          }),
        ),
      ),
    );
    await expect(eventsApi.enter('match-daily-2020-01-01', 'Ann', 'match')).rejects.toMatchObject({
      code: 'event_closed',
    });
  });

  it('has the same words in English and German', async () => {
    const keys = (o: object, at = ''): string[] =>
      Object.entries(o).flatMap(([k, v]) =>
        v && typeof v === 'object' ? keys(v as object, `${at}${k}.`) : [`${at}${k}`],
      );
    expect(keys(commonDe.events).sort()).toEqual(keys(commonEn.events).sort());
    expect(keys(eventsDe).sort()).toEqual(keys(eventsEn).sort());
    // The event pages' own words load with them, in the reader's language.
    await i18next.reloadResources(['de'], ['events']);
    expect(i18next.getFixedT('de')('events:deals', { count: 6 })).toBe('6 Blätter');
  });
});
