/**
 * Every error code a person may be shown has words: the engine's action codes and the server's
 * codes (one closed list per layer: the engine's errors.ts, this package's wire-errors.ts) in the
 * web's i18n `errors` namespace, in English and German (account codes in its `account` namespace),
 * and the terminal's own words (words/refusals.ts) only for listed codes.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { ACTION_ERROR_CODES, SETUP_ERROR_CODES } from '@matchbox/engine';
import { SERVER_ERROR_CODES } from '../src/wire-errors.ts';
import { messages as refusals } from '../src/words/refusals.ts';

const LANGUAGES = ['en', 'de'] as const;
const locale = (language: string, namespace: string): Record<string, unknown> =>
  JSON.parse(
    readFileSync(
      new URL(`../../web/src/i18n/locales/${language}/${namespace}.json`, import.meta.url),
      'utf8',
    ),
  ) as Record<string, unknown>;

/** Every key at any depth of a locale file (the account namespace nests its errors). */
function keysOf(value: unknown): Set<string> {
  const out = new Set<string>();
  if (value !== null && typeof value === 'object')
    for (const [k, v] of Object.entries(value)) {
      out.add(k);
      for (const inner of keysOf(v)) out.add(inner);
    }
  return out;
}

/** Account codes: worded in the web's `account` namespace, where the account pages show them. */
const ACCOUNT_CODES = new Set([
  'bad_name',
  'bad_credentials',
  'weak_password',
  'not_logged_in',
  'no_such_player',
]);

/**
 * Codes the web has no words for yet, shown with the server's English message meanwhile. The list
 * only shrinks: the test fails when one of them gets words (then take it off here).
 */
const NO_WORDS_YET = new Set([
  'unknown_event',
  'too_many_connections',
  'too_many_waiting',
  'seat_changed',
  'analysis_error',
  'bad_request',
  'bad_seat',
  'bad_budget',
  'no_analysis',
  'aborted',
]);

describe('error codes', () => {
  it('are closed lists without repeats or overlaps', () => {
    const all = [...ACTION_ERROR_CODES, ...SETUP_ERROR_CODES, ...SERVER_ERROR_CODES];
    expect(new Set(all).size).toBe(all.length);
    for (const code of all) expect(code).toMatch(/^[a-z]+(_[a-z]+)*$/);
  });

  it.each(LANGUAGES)('every action and server code has words in the web (%s)', (language) => {
    const errors = keysOf(locale(language, 'errors'));
    const account = keysOf(locale(language, 'account'));
    const missing = [...ACTION_ERROR_CODES, ...SERVER_ERROR_CODES].filter((code) =>
      ACCOUNT_CODES.has(code) ? !account.has(code) : !errors.has(code) && !NO_WORDS_YET.has(code),
    );
    expect(missing).toEqual([]);
    expect([...NO_WORDS_YET].filter((code) => errors.has(code))).toEqual([]);
  });

  it("the terminal's refusal words are for listed codes, in both languages", () => {
    const listed = new Set<string>([...SERVER_ERROR_CODES, ...ACTION_ERROR_CODES]);
    for (const language of LANGUAGES) {
      const codes = Object.keys(refusals[language]);
      expect(codes.filter((c) => !listed.has(c))).toEqual([]);
      expect(codes).toEqual(Object.keys(refusals.en));
    }
  });
});
