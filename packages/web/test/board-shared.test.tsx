// What every game's board shares: the move in flight (one at a time, refusals in the reader's
// words from the one `errors` namespace) and arrow-key focus in a row and in a grid.
import { act as reactAct, renderHook } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { nextIndex } from '../src/board/useRovingFocus.ts';
import { useSend } from '../src/board/useSend.ts';
import type { BoardProps } from '../src/games/types.ts';

const legal: BoardProps['legal'] = [{ text: 'play r3', action: { type: 'play' } }];

describe('useSend', () => {
  it('sends one move at a time and words a refusal from the errors namespace', async () => {
    let answer: (value: { ok: boolean; error?: { code: string; message: string } }) => void = () => {};
    const act = vi.fn(() => new Promise<Parameters<typeof answer>[0]>((resolve) => (answer = resolve)));
    const { result } = renderHook(() => useSend(act, { legal }));
    let first: Promise<boolean> = Promise.resolve(false);
    reactAct(() => {
      first = result.current.send('play r3');
    });
    expect(result.current.busy).toBe(true);
    await reactAct(async () => {
      expect(await result.current.send('play r3')).toBe(false);
    });
    expect(act).toHaveBeenCalledTimes(1);
    await reactAct(async () => {
      answer({ ok: false, error: { code: 'must_follow_suit', message: 'engine words' } });
      expect(await first).toBe(false);
    });
    expect(result.current.busy).toBe(false);
    expect(result.current.error).toBe('You must follow suit.');
  });

  it("keeps an unknown code's own message, and says when the answer never came", async () => {
    const act = vi
      .fn()
      .mockResolvedValueOnce({ ok: false, error: { code: 'brand_new', message: 'Not like that.' } })
      .mockRejectedValueOnce(new Error('socket closed'));
    const { result } = renderHook(() => useSend(act, { legal }));
    await reactAct(async () => void (await result.current.send('x')));
    expect(result.current.error).toBe('Not like that.');
    await reactAct(async () => void (await result.current.send('x')));
    expect(result.current.error).toBe('That did not go through: socket closed');
  });

  it('shows no refusal for a move the server took, even when its next choices came first', async () => {
    let answer: (value: { ok: boolean }) => void = () => {};
    const act = vi.fn(() => new Promise<{ ok: boolean }>((resolve) => (answer = resolve)));
    const { result, rerender } = renderHook(
      (choices: BoardProps['legal']) => useSend(act, { legal: choices }),
      {
        initialProps: legal,
      },
    );
    let sent: Promise<boolean> = Promise.resolve(false);
    reactAct(() => {
      sent = result.current.send('play r3');
    });
    // The update with the next position arrives before the answer to the move.
    rerender([...legal]);
    await reactAct(async () => {
      answer({ ok: true });
      expect(await sent).toBe(true);
    });
    expect(result.current.error).toBeNull();
    expect(result.current.busy).toBe(false);
  });

  it('with holdTaken stays busy after a taken move until the next choices arrive', async () => {
    const act = vi.fn(async () => ({ ok: true }));
    const { result, rerender } = renderHook(
      (choices: BoardProps['legal']) => useSend(act, { legal: choices, holdTaken: true }),
      {
        initialProps: legal,
      },
    );
    await reactAct(async () => void (await result.current.send('play r3')));
    expect(result.current.busy).toBe(true);
    await reactAct(async () => expect(await result.current.send('play r3')).toBe(false));
    expect(act).toHaveBeenCalledTimes(1);
    rerender([...legal]);
    expect(result.current.busy).toBe(false);
  });
});

describe('nextIndex', () => {
  const key = (k: string, ctrlKey = false) => ({ key: k, ctrlKey });
  it('wraps around a row', () => {
    expect(nextIndex(key('ArrowRight'), 4, 5)).toBe(0);
    expect(nextIndex(key('ArrowLeft'), 0, 5)).toBe(4);
    expect(nextIndex(key('ArrowDown'), -1, 5)).toBe(0);
    expect(nextIndex(key('End'), 1, 5)).toBe(4);
    expect(nextIndex(key('Enter'), 1, 5)).toBeNull();
  });
  it('stops at the edges of a grid; Home and End go to the row ends, with Ctrl to the corners', () => {
    // 3 columns, 4 rows: index 4 is row 1, column 1.
    expect(nextIndex(key('ArrowUp'), 4, 12, 3)).toBe(1);
    expect(nextIndex(key('ArrowUp'), 1, 12, 3)).toBe(1);
    expect(nextIndex(key('ArrowRight'), 5, 12, 3)).toBe(5);
    expect(nextIndex(key('ArrowDown'), 10, 12, 3)).toBe(10);
    expect(nextIndex(key('Home'), 4, 12, 3)).toBe(3);
    expect(nextIndex(key('End', true), 4, 12, 3)).toBe(11);
    expect(nextIndex(key('Home', true), 7, 12, 3)).toBe(0);
  });
});
