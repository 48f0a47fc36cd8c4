// The shell's strings: English and German have the same keys, and the app renders through i18n.
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

  it('renders the lobby', async () => {
    render(<App />);
    expect(await screen.findByRole('heading', { level: 1 })).toBeTruthy();
  });
});
