// MatchMaster's hindsight in the analysis (jsdom): grouped per hand, in words, and never "the most
// that could be made sure of was 0" beside tricks the player took.
import { act, render, screen, within } from '@testing-library/react';
import i18next from 'i18next';
import { afterEach, describe, expect, it } from 'vitest';
import Hindsight from '../src/games/matchmaster/Hindsight.tsx';

const HINDSIGHT = {
  kind: 'matchmaster' as const,
  hands: [
    { part: 0, seat: 0, bid: 2, tricks: 2, maxTricks: 0 },
    { part: 0, seat: 1, bid: 1, tricks: 1, maxTricks: 3 },
    { part: 1, seat: 0, bid: 0, tricks: 1, maxTricks: null },
    { part: 1, seat: 1, bid: 1, tricks: 0, maxTricks: 1 },
  ],
};
const NAMES = ['Ann', 'Bob'];

afterEach(async () => {
  await act(async () => {
    await i18next.changeLanguage('en');
  });
});

describe("MatchMaster's hindsight", () => {
  it('groups the seats per hand and says what every card open allowed', () => {
    render(<Hindsight hindsight={HINDSIGHT} names={NAMES} onStep={() => {}} />);
    const hands = screen.getAllByRole('listitem').filter((li) => li.querySelector('h4'));
    expect(hands.map((h) => h.querySelector('h4')!.textContent)).toEqual(['Hand 1', 'Hand 2']);
    const first = within(hands[0]!)
      .getAllByRole('listitem')
      .map((li) => li.textContent);
    expect(first).toEqual([
      'Ann bid 2 and took 2. With every card open, the others together could have held Ann to 0.',
      'Bob bid 1 and took 1. With every card open, Bob could have made sure of 3.',
    ]);
    const second = within(hands[1]!)
      .getAllByRole('listitem')
      .map((li) => li.textContent);
    expect(second[0]).toBe('Ann bid 0 and took 1; too many cards to work out with every card open.');
    expect(document.body.textContent).not.toMatch(/most that could be made sure of/);
  });

  it('speaks German', async () => {
    await act(async () => {
      await i18next.changeLanguage('de');
    });
    render(<Hindsight hindsight={HINDSIGHT} names={NAMES} onStep={() => {}} />);
    expect(screen.getByText('Runde 1')).toBeTruthy();
    expect(
      screen.getByText(
        'Ann hat 2 angesagt und 2 gemacht. Mit allen Karten offen hätten die anderen zusammen Ann auf 0 halten können.',
      ),
    ).toBeTruthy();
  });
});
