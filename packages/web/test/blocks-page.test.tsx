// The page of the people one blocked (jsdom, the server's answers stubbed): the list from
// GET /api/blocks newest first, "Unblock" sending DELETE /api/blocks/:id and taking the person off
// the list, the empty list and a refusal in words, in English and German; and the table's notice
// after a block linking to it.
import type { BlockEntry } from '@matchbox/client';
import { act, fireEvent, render, screen, within } from '@testing-library/react';
import i18n from 'i18next';
import { Suspense } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import BlocksPage from '../src/pages/BlocksPage.tsx';
import { parseRoute } from '../src/router.ts';

afterEach(async () => {
  vi.unstubAllGlobals();
  await i18n.changeLanguage('en');
});

interface Sent {
  readonly method: string;
  readonly path: string;
}

/** A server holding `blocks`: GET lists them, DELETE removes one (`status` answers instead when given). */
function serve(blocks: BlockEntry[], status?: [number, unknown]) {
  const sent: Sent[] = [];
  const held = [...blocks];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (path: string, init: RequestInit = {}) => {
      const method = init.method ?? 'GET';
      sent.push({ method, path });
      const json = (code: number, body: unknown) =>
        new Response(JSON.stringify(body), { status: code, headers: { 'content-type': 'application/json' } });
      if (status) return json(status[0], status[1]);
      if (method === 'GET') return json(200, { blocks: held, seats: [] });
      const id = path.split('/').pop()!;
      const at = held.findIndex((b) => b.id === id);
      if (at >= 0) held.splice(at, 1);
      return json(200, { removed: at >= 0 });
    }),
  );
  return sent;
}

const show = () =>
  render(
    <Suspense fallback="loading">
      <BlocksPage />
    </Suspense>,
  );

const BOB: BlockEntry = { id: 'b2', name: 'Bob', at: Date.UTC(2026, 10, 28) };
const CY: BlockEntry = { id: 'b1', name: 'Cy', at: Date.UTC(2026, 10, 20) };

describe('the blocks page', () => {
  it('lists the people blocked, newest first, and unblocks one', async () => {
    const sent = serve([BOB, CY]);
    show();
    const list = await screen.findByTestId('block-list');
    expect(
      within(list)
        .getAllByRole('listitem')
        .map((li) => li.querySelector('.block-name')?.textContent),
    ).toEqual(['Bob', 'Cy']);
    expect(list.textContent).toContain('blocked on Nov 28, 2026');
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Unblock Bob' }));
    });
    expect(sent.at(-1)).toEqual({ method: 'DELETE', path: '/api/blocks/b2' });
    expect(screen.queryByRole('button', { name: 'Unblock Bob' })).toBeNull();
    expect(screen.getByTestId('blocks-status').textContent).toBe('Bob is no longer blocked.');
    expect(screen.getByRole('button', { name: 'Unblock Cy' })).toBeTruthy();
  });

  it('says so when nobody is blocked, in German too', async () => {
    serve([]);
    await i18n.changeLanguage('de');
    show();
    expect((await screen.findByTestId('blocks-empty')).textContent).toBe('Du hast niemanden blockiert.');
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Blockierte Personen');
  });

  it('shows a refusal in words and keeps the list as it was', async () => {
    serve([BOB]);
    show();
    await screen.findByTestId('block-list');
    serve([BOB], [429, { error: { code: 'rate_limited', message: 'Too many requests.', retry_after: 3 } }]);
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Unblock Bob' }));
    });
    expect(screen.getByRole('alert').textContent).toMatch(/^Too many /);
    expect(screen.getByRole('button', { name: 'Unblock Bob' })).toBeTruthy();
  });

  it('has its own address', () => {
    expect(parseRoute('/blocks', '')).toEqual({ name: 'blocks' });
  });
});
