// The MatchMaster score pad in jsdom: a new pad, a hand entered and scored (ruling MM-9), a hand
// whose tricks do not add up refused with a message and nothing changed, and the pad read back
// from localStorage as after a reload.
import { fireEvent, render, screen, within } from '@testing-library/react';
import { Suspense } from 'react';
import { describe, expect, it } from 'vitest';
import PadPage from '../src/pad/PadPage.tsx';
import { PAD_ERROR_CODES } from '../src/pad/scoring/result.ts';
import { loadPads, PADS_KEY } from '../src/pad/store.ts';

function show(padId: string | null = null) {
  return render(
    <Suspense fallback={null}>
      <PadPage game="matchmaster" padId={padId} fresh={false} />
    </Suspense>,
  );
}

const totals = () => screen.getAllByTestId('pad-total').map((cell) => cell.textContent);

function enterHand(bids: number[], tricks: number[]) {
  const names = ['Ada', 'Bea', 'Cem'];
  names.forEach((name, i) => {
    fireEvent.change(screen.getByLabelText(`Bid: ${name}`), { target: { value: String(bids[i]) } });
    fireEvent.change(screen.getByLabelText(`Tricks: ${name}`), { target: { value: String(tricks[i]) } });
  });
  fireEvent.click(screen.getByRole('button', { name: 'Save hand' }));
}

describe('the MatchMaster score pad', () => {
  it('scores a hand, refuses one whose tricks do not add up, and survives a reload', async () => {
    const first = show();
    fireEvent.change(await screen.findByLabelText('Number of players'), { target: { value: '3' } });
    ['Ada', 'Bea', 'Cem'].forEach((name, i) =>
      fireEvent.change(screen.getByLabelText(`Player ${i + 1}`), { target: { value: name } }),
    );
    fireEvent.change(screen.getByLabelText(/^First dealer/), { target: { value: '2' } });
    fireEvent.click(screen.getByRole('button', { name: 'Start the pad' }));

    // MM-2, MM-3: hand 1 has 7 cards; Cem deals, so Ada leads.
    expect(
      await screen.findByRole('heading', { name: /Hand 1 of 13: 7 cards\. Cem deals, Ada leads\./ }),
    ).toBeTruthy();
    expect(totals()).toEqual(['0', '0', '0']);

    // MM-9: 3 bid, 3 won = 13; 4 bid, 3 won = -1; 0 bid, 1 won = -1.
    enterHand([3, 4, 0], [3, 3, 1]);
    expect(
      await screen.findByRole('heading', { name: /Hand 2 of 13: 6 cards\. Ada deals, Bea leads\./ }),
    ).toBeTruthy();
    expect(totals()).toEqual(['13', '-1', '-1']);
    const stored = localStorage.getItem(PADS_KEY);

    // 6 cards, but the tricks add up to 5: refused, and neither the table nor the storage changes.
    enterHand([1, 1, 1], [2, 2, 1]);
    expect(screen.getByRole('alert').textContent).toBe(
      'The tricks add up to 5, but a hand of 6 cards has 6 tricks.',
    );
    expect(totals()).toEqual(['13', '-1', '-1']);
    expect(screen.getByRole('heading', { name: /Hand 2 of 13/ })).toBeTruthy();
    expect(localStorage.getItem(PADS_KEY)).toBe(stored);

    // A bid above the hand size, and a negative number, are refused the same way.
    enterHand([7, 0, 0], [6, 0, 0]);
    expect(screen.getByRole('alert').textContent).toBe('Ada bid 7, but the hand has only 6 cards.');
    enterHand([1, 1, 1], [-1, 5, 2]);
    expect(screen.getByRole('alert').textContent).toBe('Ada: -1 is negative; enter 0 or more.');
    expect(localStorage.getItem(PADS_KEY)).toBe(stored);

    // The corrected hand: 0/0 = 10, 0/2 = -2, 4/4 = 14.
    enterHand([0, 0, 4], [0, 2, 4]);
    expect(await screen.findByRole('heading', { name: /Hand 3 of 13/ })).toBeTruthy();
    expect(totals()).toEqual(['23', '-3', '13']);
    const row = screen.getByRole('row', { name: /^Ada/ });
    expect(within(row).getByLabelText('bid 0, won 0: 10').textContent).toContain('+10');

    // A reload: the page reads the pad back from localStorage.
    const [pad] = loadPads();
    expect(pad?.sheet.players).toEqual(['Ada', 'Bea', 'Cem']);
    first.unmount();
    show(pad!.id);
    expect(await screen.findByRole('heading', { name: /Hand 3 of 13/ })).toBeTruthy();
    expect(totals()).toEqual(['23', '-3', '13']);

    // Undo takes back the last hand's tricks: its bids stay, waiting for the tricks.
    fireEvent.click(screen.getAllByRole('button', { name: 'Undo last entry' })[0]!);
    expect(await screen.findByRole('heading', { name: /Hand 2 of 13/ })).toBeTruthy();
    expect(totals()).toEqual(['13', '-1', '-1']);
    expect(screen.getByText(/Bids saved: 4 bid for 6 tricks/)).toBeTruthy();
  });
});

describe('the pad strings', () => {
  it('has every key in English and German', async () => {
    const keys = (value: unknown, prefix = ''): string[] =>
      typeof value !== 'object' || value === null
        ? [prefix]
        : Object.entries(value).flatMap(([k, v]) => keys(v, prefix ? `${prefix}.${k}` : k));
    const en = (await import('../src/i18n/locales/en/pad.json')).default;
    const de = (await import('../src/i18n/locales/de/pad.json')).default;
    expect(keys(de).sort()).toEqual(keys(en).sort());
    // every refusal code of the sheets has a message, and no message is left over
    expect(Object.keys(en.errors).sort()).toEqual([...PAD_ERROR_CODES].sort());
  });
});
