// The MatchMaster score pad in jsdom: a new pad, a hand entered and scored (ruling MM-9), a hand
// whose tricks do not add up refused with a message and nothing changed, and the pad read back
// from localStorage as after a reload.
import { fireEvent, render, screen, within } from '@testing-library/react';
import { Suspense } from 'react';
import { describe, expect, it, vi } from 'vitest';
import PadPage from '../src/pad/PadPage.tsx';
import { PAD_ERROR_CODES } from '../src/pad/scoring/result.ts';
import * as mm from '../src/games/matchmaster/pad/scoring.ts';
import { textTable } from '../src/pad/share.ts';
import { addPad, loadPads, PADS_KEY } from '../src/pad/store.ts';

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

describe('sharing the final table', () => {
  it('copies an aligned plain-text table with the winners when the browser cannot share', async () => {
    const made = mm.createMatchMasterSheet(['Ada', 'Bea']);
    if (!made.ok) throw new Error(made.error.code);
    let sheet = made.value;
    for (const h of mm.schedule(sheet)) {
      const r = mm.recordHand(sheet, [h.size, 1], [h.size, 0]); // Ada exact every hand, Bea -1
      if (!r.ok) throw new Error(r.error.code);
      sheet = r.value;
    }
    const pad = addPad(sheet);
    const writeText = vi.fn(async (_text: string) => undefined);
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    render(
      <Suspense fallback={null}>
        <PadPage game="matchmaster" padId={pad.id} fresh={false} />
      </Suspense>,
    );
    expect((await screen.findByTestId('pad-result')).textContent).toContain('Ada wins!');
    fireEvent.click(screen.getByRole('button', { name: 'Copy as text' }));
    expect(await screen.findByText('The table is copied as text.')).toBeTruthy();
    const text = writeText.mock.calls[0]![0];
    const lines = text.split('\n');
    expect(lines[0]).toBe('MatchMaster: score pad');
    expect(lines[2]).toMatch(/^Player {2}H1 {2}H2 .* H13 {2}Total$/);
    expect(lines[3]).toMatch(/^Ada {5}17 {2}16 {2}15 .* 17 {4}185$/); // 13 x 10 + 55 tricks (MM-9)
    expect(lines[4]).toMatch(/^Bea {5}-1 {2}-1 .* -1 {4}-13$/);
    expect(lines.at(-1)).toBe('Winner: Ada');
  });

  it('aligns numbers right and names left', () => {
    expect(
      textTable([
        ['Player', 'Total'],
        ['Ada', '5'],
        ['Bea', '-13'],
      ]),
    ).toBe('Player  Total\nAda         5\nBea       -13');
  });
});
