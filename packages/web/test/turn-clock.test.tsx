// The turn clock at a seat (TurnClock.tsx) in jsdom, during the table's pause after a hand: the
// deadline lies a pause further off than a turn's time, and the bar stays full and in range.
import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { TurnClock } from '../src/table/TurnClock.tsx';

describe('the turn clock', () => {
  it('stays full and within its range while the pause before the turn lasts', () => {
    render(<TurnClock deadlineAt={Date.now() + 67_000} seconds={60} />);
    const bar = screen.getByTestId('turn-clock');
    expect(bar.getAttribute('aria-valuenow')).toBe('60');
    expect(bar.getAttribute('aria-valuemax')).toBe('60');
    expect((bar.firstElementChild as HTMLElement).style.inlineSize).toBe('100%');
  });

  it('drains with the time left in the turn', () => {
    render(<TurnClock deadlineAt={Date.now() + 29_500} seconds={60} />);
    expect(screen.getByTestId('turn-clock').getAttribute('aria-valuenow')).toBe('30');
  });
});
