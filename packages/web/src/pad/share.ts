/** The final table as plain text (aligned columns), for sharing and the clipboard. */
import { signed } from '@matchbox/client/words/numbers';

/** Rows of cells, the first row the header; numbers are right-aligned, the first column left. */
export function textTable(rows: readonly (readonly string[])[]): string {
  const widths: number[] = [];
  for (const row of rows) row.forEach((cell, i) => (widths[i] = Math.max(widths[i] ?? 0, [...cell].length)));
  return rows
    .map((row) =>
      row
        .map((cell, i) => {
          const pad = ' '.repeat((widths[i] ?? 0) - [...cell].length);
          return i === 0 ? cell + pad : pad + cell;
        })
        .join('  ')
        .trimEnd(),
    )
    .join('\n');
}

export type ShareOutcome = 'shared' | 'copied' | 'failed' | 'cancelled';

/** The Web Share API when the browser has it, else the clipboard. */
export async function shareText(title: string, text: string): Promise<ShareOutcome> {
  if (typeof navigator.share === 'function') {
    try {
      await navigator.share({ title, text });
      return 'shared';
    } catch (e) {
      if (e instanceof DOMException && e.name === 'AbortError') return 'cancelled';
      // no share target (a desktop without one): fall back to the clipboard
    }
  }
  return copyText(text);
}

export async function copyText(text: string): Promise<ShareOutcome> {
  try {
    await navigator.clipboard.writeText(text);
    return 'copied';
  } catch {
    return 'failed';
  }
}

/**
 * A sheet of rounds as text rows: a heading row (player, each round's short name, total), then
 * each player's signed round scores and total.
 */
export function roundsText(
  players: readonly string[],
  headings: { player: string; round: (number: number) => string; total: string },
  scores: readonly (readonly number[])[],
  totals: readonly number[],
): string[][] {
  return [
    [headings.player, ...scores.map((_, i) => headings.round(i + 1)), headings.total],
    ...players.map((name, p) => [name, ...scores.map((round) => signed(round[p]!)), String(totals[p])]),
  ];
}
