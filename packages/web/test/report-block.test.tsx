// Reporting and blocking at the table (jsdom), the seats and the chat fed the server's answers:
// "Report" and "Block" at another person's seat (none at one's own, nor a bot's), a report sent
// with its reason and note, a blocked person's chat lines hidden at once and after a reload, a
// chat line reported from the chat, refusals and words in English and German.
import type { ChatLine, PublicSeat } from '@matchbox/client';
import { act, fireEvent, render, screen, within } from '@testing-library/react';
import i18n from 'i18next';
import { useTranslation } from 'react-i18next';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Chat } from '../src/table/Chat.tsx';
import { Seats } from '../src/table/Seats.tsx';
import { useBlocks } from '../src/table/useBlocks.ts';

afterEach(async () => {
  vi.unstubAllGlobals();
  localStorage.clear();
  await i18n.changeLanguage('en');
});

interface Sent {
  method: string;
  path: string;
  body: unknown;
}

/** The server: GET /api/blocks answers `seats`; a POST answers `answer` (status 201 unless told). */
const answered = (path: string): [number, unknown] =>
  path === '/api/blocks' ? [201, { id: 'b1', name: 'Bob', at: 1 }] : [201, { id: 'r1' }];

function serve(seats: number[], answer: (path: string) => [number, unknown] = answered) {
  const sent: Sent[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (path: string, init: RequestInit) => {
      const method = init.method ?? 'GET';
      sent.push({ method, path, body: init.body ? JSON.parse(init.body as string) : undefined });
      const [status, body] = method === 'GET' ? [200, { blocks: [], seats }] : answer(path);
      return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
    }),
  );
  return sent;
}

const seat = (n: number, over: Partial<PublicSeat> = {}): PublicSeat =>
  ({ seat: n, kind: 'human', name: `P${n}`, connected: true, left: false, ...over }) as PublicSeat;
const SEATS = [seat(0), seat(1), seat(2, { kind: 'bot', level: 'easy' })];
const NAMES = ['Ada', 'Bob', 'Bot'];
const line = (id: string, s: number, text: string): ChatLine => ({
  tableId: 'tbl123',
  id,
  seq: 1,
  seat: s,
  speaker: `s${s}`,
  name: NAMES[s]!,
  text,
  phrase: null,
  at: 1,
});
const LINES = [line('a', 0, 'hello all'), line('b', 1, 'you are bad')];

function Table() {
  const { t } = useTranslation(['common', 'errors']);
  const blocks = useBlocks('tbl123', t);
  return (
    <>
      <Seats seats={SEATS} names={NAMES} toAct={[]} mySeat={0} blocks={blocks} />
      <Chat tableId="tbl123" lines={LINES} mySeat={0} canWrite={false} blocks={blocks} />
    </>
  );
}

const notice = () => document.querySelector('.report-notice')?.textContent;
const seatRow = (n: number) => document.querySelector(`.seat[data-seat="${n}"]`) as HTMLElement;

describe('report and block at the table', () => {
  it("offers both at another person's seat only, and sends a report with its reason and note", async () => {
    const sent = serve([]);
    render(<Table />);
    expect(within(seatRow(0)).queryByRole('button', { name: /Report/ })).toBeNull();
    expect(within(seatRow(2)).queryByRole('button', { name: /Block/ })).toBeNull();
    fireEvent.click(within(seatRow(1)).getByRole('button', { name: 'Report Bob' }));
    const form = screen.getByRole('form', { name: 'Report Bob' });
    fireEvent.change(within(form).getByRole('combobox'), { target: { value: 'cheating' } });
    fireEvent.change(within(form).getByRole('textbox'), { target: { value: 'plays too well' } });
    await act(async () => {
      fireEvent.click(within(form).getByRole('button', { name: 'Send the report' }));
    });
    expect(sent.at(-1)).toEqual({
      method: 'POST',
      path: '/api/reports',
      body: { tableId: 'tbl123', seat: 1, reason: 'cheating', note: 'plays too well' },
    });
    expect(notice()).toBe('Thank you: your report of Bob was sent.');
    expect(screen.queryByRole('form')).toBeNull();
  });

  it("hides a blocked person's chat lines at once, and after a reload from the server's answer", async () => {
    const sent = serve([]);
    const { unmount } = render(<Table />);
    expect(screen.getByText('you are bad')).toBeTruthy();
    await act(async () => {
      fireEvent.click(within(seatRow(1)).getByRole('button', { name: /^Block Bob/ }));
    });
    expect(sent.at(-1)).toMatchObject({
      method: 'POST',
      path: '/api/blocks',
      body: { tableId: 'tbl123', seat: 1 },
    });
    expect(screen.queryByText('you are bad')).toBeNull();
    expect(screen.getByText('hello all')).toBeTruthy();
    expect(within(seatRow(1)).getByText('blocked')).toBeTruthy();
    // The notice links to the list of everyone blocked, where a block is lifted.
    expect(screen.getByRole('link', { name: 'People you blocked' }).getAttribute('href')).toBe('/blocks');
    unmount();
    // Another browser: nothing kept here, the server names the seat.
    localStorage.clear();
    serve([1]);
    render(<Table />);
    await act(async () => {});
    expect(screen.queryByText('you are bad')).toBeNull();
  });

  it('reports a chat line from the chat, and says a refusal in German', async () => {
    await i18n.changeLanguage('de');
    const sent = serve([], () => [
      429,
      { error: { code: 'rate_limited', message: 'Too many', retry_after: 60 } },
    ]);
    render(<Table />);
    fireEvent.click(screen.getByRole('button', { name: 'Diese Zeile melden: Bob' }));
    const form = screen.getByRole('form', { name: 'Bob melden' });
    await act(async () => {
      fireEvent.click(within(form).getByRole('button', { name: 'Meldung senden' }));
    });
    expect(sent.at(-1)?.body).toEqual({ tableId: 'tbl123', line: 'b', reason: 'abuse' });
    expect(notice()).toBe(i18n.t('rate_limited', { ns: 'errors' }));
    expect(within(seatRow(1)).getByRole('button', { name: /^Bob blockieren/ }).textContent).toBe(
      'Blockieren',
    );
  });
});
