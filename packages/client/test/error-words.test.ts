/**
 * Every error code a person may be shown has words: every code the server may send (its own, the
 * engine's action and setup codes it passes on) and the client's own (one closed list per layer:
 * the engine's errors.ts, this package's wire-errors.ts) in the web's i18n `errors` namespace, in
 * English and German (account codes in its `account` namespace too); every code the server's
 * sources write is listed; the terminal's own words (words/refusals.ts) are only for listed codes.
 */
import { readFileSync, readdirSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { ACTION_ERROR_CODES, SETUP_ERROR_CODES } from '@matchbox/engine';
import { CLIENT_ERROR_CODES, SERVER_ERROR_CODES } from '../src/wire-errors.ts';
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

/** Account codes: worded in the web's `account` namespace too, where the account pages show them. */
const ACCOUNT_CODES = ['bad_name', 'bad_credentials', 'weak_password', 'not_logged_in', 'no_such_player'];

/** Every code a server may send (`WireErrorCode`): its own, and the engine's it passes on. */
const SENT = [...SERVER_ERROR_CODES, ...ACTION_ERROR_CODES, ...SETUP_ERROR_CODES];

/** Every `.ts` file under `dir`. */
function sources(dir: URL): URL[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
    e.isDirectory()
      ? sources(new URL(`${e.name}/`, dir))
      : e.name.endsWith('.ts')
        ? [new URL(e.name, dir)]
        : [],
  );
}

describe('error codes', () => {
  it('are closed lists without repeats or overlaps', () => {
    const all = [...SENT, ...CLIENT_ERROR_CODES];
    expect(new Set(all).size).toBe(all.length);
    for (const code of all) expect(code).toMatch(/^[a-z]+(_[a-z]+)*$/);
  });

  it.each(LANGUAGES)(
    "every code the server may send, and the client's own, has words in the web's errors (%s)",
    (language) => {
      const errors = locale(language, 'errors');
      const missing = [...SENT, ...CLIENT_ERROR_CODES].filter((code) => typeof errors[code] !== 'string');
      expect(missing).toEqual([]);
      const account = keysOf(locale(language, 'account'));
      expect(ACCOUNT_CODES.filter((code) => !account.has(code))).toEqual([]);
    },
  );

  it("every code written in the server's sources is one of the list", () => {
    const listed = new Set<string>(SENT);
    const written = new Set<string>();
    const refusal = /(?:code: |fail\(|refusal\(|refuse\((?:[a-z]+, )?|limited\()'([a-z_]+)'/g;
    for (const file of sources(new URL('../../server/src/', import.meta.url)))
      for (const m of readFileSync(file, 'utf8').matchAll(refusal)) written.add(m[1]!);
    // The scan finds the codes (a broken pattern would pass vacuously).
    for (const code of ['no_such_table', 'bad_origin', 'unsupported_type', 'rate_limited'])
      expect(written).toContain(code);
    expect([...written].filter((code) => !listed.has(code))).toEqual([]);
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
