// The table's chat panel (jsdom): lines as text, quick phrases in the reader's language, a mute per
// player kept across a reload, spectators reading only, and refusals in words.
import type { ChatLine, SayAck } from '@matchbox/client';
import { act, fireEvent, render, screen, within } from '@testing-library/react';
import i18next from 'i18next';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Chat } from '../src/table/Chat.tsx';

const line = (over: Partial<ChatLine>): ChatLine => ({
  tableId: 'tbl123',
  id: `id${Math.random()}`,
  seq: 1,
  seat: 1,
  speaker: `s${over.seat === undefined ? 1 : over.seat}`,
  name: 'Bob',
  text: null,
  phrase: null,
  at: 1,
  ...over,
});

const LINES: ChatLine[] = [
  line({ id: 'a', seat: 0, name: 'Ada', text: '<b>hi</b> Bob' }),
  line({ id: 'b', seat: 1, name: 'Bob', phrase: 'good_luck' }),
];

afterEach(async () => {
  await act(async () => {
    await i18next.changeLanguage('en');
  });
});

function renderChat(props: Partial<Parameters<typeof Chat>[0]> = {}) {
  const say = vi.fn<(what: unknown, name?: string) => Promise<SayAck>>(async () => ({
    ok: true,
    line: LINES[0]!,
  }));
  const utils = render(<Chat tableId="tbl123" lines={LINES} mySeat={0} canWrite say={say} {...props} />);
  return { say, ...utils };
}

describe('chat panel', () => {
  it('shows text as text and quick phrases in the reader language', async () => {
    renderChat();
    const list = screen.getByRole('list', { name: 'Chat' });
    expect(within(list).getByText('<b>hi</b> Bob')).toBeTruthy();
    expect(list.querySelector('b')).toBeNull();
    expect(within(list).getByText('Good luck!')).toBeTruthy();
    await act(async () => {
      await i18next.changeLanguage('de');
    });
    expect(within(screen.getByRole('list', { name: 'Chat' })).getByText('Viel Glück!')).toBeTruthy();
  });

  it('sends a typed line and a quick phrase; a refusal is shown in words', async () => {
    const { say } = renderChat();
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Good game!' }));
    });
    expect(say).toHaveBeenLastCalledWith({ phrase: 'good_game' }, undefined);
    const input = screen.getByLabelText('Write to the table');
    fireEvent.change(input, { target: { value: 'see you' } });
    await act(async () => {
      fireEvent.submit(input.closest('form')!);
    });
    expect(say).toHaveBeenLastCalledWith('see you', undefined);
    expect((input as HTMLInputElement).value).toBe('');
    say.mockResolvedValueOnce({ ok: false, error: { code: 'not_seated', message: 'x' } });
    fireEvent.change(input, { target: { value: 'again' } });
    await act(async () => {
      fireEvent.submit(input.closest('form')!);
    });
    expect(screen.getByRole('alert').textContent).toBe('You no longer hold a seat at this table.');
  });

  it('mutes a player, and the mute survives a reload', () => {
    const first = renderChat();
    fireEvent.click(screen.getByText('Mute a player'));
    fireEvent.click(screen.getByLabelText('Mute Bob'));
    expect(screen.queryByText('Good luck!', { selector: '.chat-text' })).toBeNull();
    first.unmount();
    renderChat();
    expect(screen.queryByText('Good luck!', { selector: '.chat-text' })).toBeNull();
    expect(screen.getByText('<b>hi</b> Bob')).toBeTruthy();
  });

  it("a spectator's mute holds when they write under another name", () => {
    const eve = { seat: null, speaker: 'wSpectator1' };
    const lines = [
      ...LINES,
      line({ ...eve, id: 'c', seq: 3, name: 'Eve', text: 'first' }),
      line({ seat: null, speaker: 'wSpectator2', id: 'd', seq: 4, name: 'Dan', text: 'hello all' }),
    ];
    const { rerender, say } = renderChat({ lines });
    fireEvent.click(screen.getByText('Mute a player'));
    fireEvent.click(screen.getByLabelText('Mute Eve'));
    expect(screen.queryByText('first')).toBeNull();
    // The same connection writes as "Mallory": still muted; another spectator is still heard.
    rerender(
      <Chat
        tableId="tbl123"
        lines={[...lines, line({ ...eve, id: 'e', seq: 5, name: 'Mallory', text: 'you cannot mute me' })]}
        mySeat={0}
        canWrite
        say={say}
      />,
    );
    expect(screen.queryByText('you cannot mute me')).toBeNull();
    expect(screen.getByText('hello all')).toBeTruthy();
  });

  it("a spectator's look-alike name is refused in words, in English and German", async () => {
    localStorage.setItem('matchbox.name', '\u0410da');
    const { say } = renderChat({ mySeat: null });
    say.mockResolvedValue({ ok: false, error: { code: 'name_lookalike', message: 'x' } });
    const input = screen.getByLabelText('Write to the table');
    fireEvent.change(input, { target: { value: 'hi' } });
    await act(async () => {
      fireEvent.submit(input.closest('form')!);
    });
    expect(screen.getByRole('alert').textContent).toBe(
      'That name looks just like the name of someone at this table. Choose one that looks different.',
    );
    await act(async () => {
      await i18next.changeLanguage('de');
      fireEvent.submit(input.closest('form')!);
    });
    expect(screen.getByRole('alert').textContent).toMatch(/^Dieser Name sieht genauso aus/);
  });

  it('a spectator reads without a way to write where the table does not allow it', () => {
    renderChat({ mySeat: null, canWrite: false });
    expect(screen.queryByLabelText('Write to the table')).toBeNull();
    expect(screen.getByText('Spectators read the chat at this table.')).toBeTruthy();
  });

  it('counts unread lines while folded away', () => {
    const { rerender, say } = renderChat();
    fireEvent.click(screen.getByRole('button', { name: 'Chat' }));
    rerender(
      <Chat
        tableId="tbl123"
        lines={[...LINES, line({ id: 'c', text: 'psst' })]}
        mySeat={0}
        canWrite
        say={say}
      />,
    );
    expect(screen.getByLabelText('1 new line').textContent).toBe('1');
  });
});
