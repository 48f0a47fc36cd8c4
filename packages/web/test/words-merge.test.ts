// The shared words of each game's sentences are merged into the game's i18n namespace: none of
// their keys may hide one of the board's own (a string where the board has an object, or the
// reverse), in either language.
import { describe, expect, it } from 'vitest';
import { MESSAGES as MATCH } from '@matchbox/client/words/match-messages';
import { MESSAGES as MATCHET } from '@matchbox/client/words/matchet-messages';
import { MESSAGES as MATCHMASTER } from '@matchbox/client/words/matchmaster-messages';
import { MESSAGES as SWEET16 } from '@matchbox/client/words/sweet16-messages';

const files = import.meta.glob<Record<string, unknown>>('../src/i18n/locales/*/*.json', {
  eager: true,
  import: 'default',
});

function leaves(tree: object, prefix = ''): string[] {
  return Object.entries(tree).flatMap(([k, v]) =>
    typeof v === 'object' && v !== null ? leaves(v as object, `${prefix}${k}.`) : [`${prefix}${k}`],
  );
}

describe.each([
  ['matchmaster', MATCHMASTER],
  ['match', MATCH],
  ['sweet16', SWEET16],
  ['matchet', MATCHET],
] as const)('the shared words of %s', (game, messages) => {
  it.each(['en', 'de'] as const)('take no key of the board in %s', (lang) => {
    const own = leaves(files[`../src/i18n/locales/${lang}/${game}.json`] ?? {});
    for (const key of leaves(messages[lang]))
      for (const other of own) {
        expect(
          other === key || other.startsWith(`${key}.`) || key.startsWith(`${other}.`),
          `${key} / ${other}`,
        ).toBe(false);
      }
  });
});
