// The table's voice (jsdom): the tab's title and icon say "your turn", the sound switch is on
// until turned off and is remembered.
import { act, renderHook } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { soundOn, useSoundSwitch, useTurnSignal } from '../src/table/voice.ts';

const icon = () => document.querySelector<HTMLLinkElement>('link[rel="icon"]')?.href ?? '';

describe('the table voice', () => {
  it('puts "your turn" in the title and a dot on the icon while it is the seat turn', () => {
    const { rerender, unmount } = renderHook(
      (myTurn: boolean) =>
        useTurnSignal({ myTurn, title: 'MatchMaster · matchbox', yourTurn: 'Your turn', slow: false }),
      { initialProps: false },
    );
    expect(document.title).toBe('MatchMaster · matchbox');
    expect(icon()).not.toContain('circle');
    rerender(true);
    expect(document.title).toBe('▶ Your turn · MatchMaster · matchbox');
    expect(icon()).toContain('circle');
    rerender(false);
    expect(document.title).toBe('MatchMaster · matchbox');
    unmount();
    expect(icon()).not.toContain('circle');
  });

  it('has sounds on until switched off (#33: a player should hear that they exist), and remembers the switch', () => {
    expect(soundOn()).toBe(true);
    const { result } = renderHook(() => useSoundSwitch(false));
    expect(result.current[0]).toBe(true);
    act(() => result.current[1]());
    expect(result.current[0]).toBe(false);
    expect(soundOn()).toBe(false);
    const again = renderHook(() => useSoundSwitch(false));
    expect(again.result.current[0]).toBe(false);
    act(() => again.result.current[1]());
    expect(soundOn()).toBe(true);
  });
});
