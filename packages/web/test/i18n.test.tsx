// The shell's strings: English and German have the same keys, German calls MATCHET's tiles one
// thing everywhere, and the app renders through i18n.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { App } from '../src/App.tsx';
import commonDe from '../src/i18n/locales/de/common.json';
import commonEn from '../src/i18n/locales/en/common.json';

function keys(value: unknown, prefix = ''): string[] {
  if (typeof value !== 'object' || value === null) return [prefix];
  return Object.entries(value).flatMap(([k, v]) => keys(v, prefix ? `${prefix}.${k}` : k));
}

describe('i18n', () => {
  it('has every common key in English and German', () => {
    expect(keys(commonDe).sort()).toEqual(keys(commonEn).sort());
  });

  // "Dreieck" as in the rules, the table, the errors and the tutorial; the daily text and the
  // replay's analysis once said "Plättchen", and a player should not wonder whether that is another thing.
  it('calls the MATCHET tiles "Dreieck" in every German text, never "Plättchen"', () => {
    const root = join(import.meta.dirname, '..', '..');
    const files = [
      ...readdirSync(join(root, 'web/src/i18n/locales/de')).map((f) =>
        join(root, 'web/src/i18n/locales/de', f),
      ),
      join(root, 'web/src/games/matchet/rules.ts'),
      join(root, 'client/src/words/matchet.ts'),
      join(root, 'client/src/words/matchet-messages.ts'),
    ];
    const texts = files.map((f) => readFileSync(f, 'utf8'));
    expect(texts.join('\n')).toMatch(/Dreieck/);
    for (const [i, text] of texts.entries()) expect(text, files[i]).not.toMatch(/Plättchen/i);
  });

  // One word for a MatchMaster bid, the rules' "Ansage", at the table, in the log, the errors, the
  // tools, the analysis and the terminal (which speaks through the client's words); the table
  // once said "Vorhersage" where the rules and the analysis said "Ansage".
  it('calls a MatchMaster bid "Ansage" in every German text, never "Vorhersage"', () => {
    const root = join(import.meta.dirname, '..', '..');
    const files = [
      ...readdirSync(join(root, 'web/src/i18n/locales/de')).map((f) =>
        join(root, 'web/src/i18n/locales/de', f),
      ),
      join(root, 'web/src/games/matchmaster/rules.ts'),
      ...readdirSync(join(root, 'client/src/words'))
        .filter((f) => f.startsWith('matchmaster') || f === 'refusals.ts')
        .map((f) => join(root, 'client/src/words', f)),
    ];
    const texts = files.map((f) => readFileSync(f, 'utf8'));
    expect(texts.join('\n')).toMatch(/Ansage/);
    for (const [i, text] of texts.entries()) expect(text, files[i]).not.toMatch(/vorhersag|vorhergesagt/i);
  });

  it('renders the lobby', async () => {
    render(<App />);
    expect(await screen.findByRole('heading', { level: 1 })).toBeTruthy();
  });
});
