// The shared sentence modules: both languages carry the same words, the translator follows
// i18next's plurals and contexts, and every game's events read without notation.
import { describe, expect, it } from 'vitest';
import { MESSAGES as MATCH } from '../src/words/match-messages.ts';
import { describeAction as matchetAction } from '../src/words/matchet.ts';
import { MESSAGES as MATCHET } from '../src/words/matchet-messages.ts';
import { MESSAGES as MATCHMASTER } from '../src/words/matchmaster-messages.ts';
import { languageOf, translator } from '../src/words/say.ts';
import { MESSAGES as SWEET16 } from '../src/words/sweet16-messages.ts';

function keys(tree: object, prefix = ''): string[] {
  return Object.entries(tree).flatMap(([k, v]) =>
    typeof v === 'object' && v !== null ? keys(v as object, `${prefix}${k}.`) : [`${prefix}${k}`],
  );
}

describe('the words of the sentences', () => {
  it.each([
    ['matchmaster', MATCHMASTER],
    ['match', MATCH],
    ['sweet16', SWEET16],
    ['matchet', MATCHET],
  ] as const)('%s has the same keys and placeholders in English and German', (_, messages) => {
    expect(keys(messages.de).sort()).toEqual(keys(messages.en).sort());
    for (const key of keys(messages.en)) {
      const get = (tree: object) =>
        key.split('.').reduce<unknown>((n, k) => (n as Record<string, unknown>)[k], tree);
      const holes = (text: unknown) =>
        [...new Set([...String(text).matchAll(/\{\{(\w+)\}\}/g)].map((m) => m[1]))].sort();
      expect(holes(get(messages.de)), key).toEqual(holes(get(messages.en)));
    }
  });

  it('picks plurals and contexts as i18next does, and fills the values in', () => {
    const say = translator(MATCHMASTER, 'en');
    expect(say('log.youBid', { count: 1 })).toBe('You bid 1 trick.');
    expect(say('log.youBid', { count: 0 })).toBe('You bid 0 tricks.');
    expect(translator(MATCHMASTER, 'de')('log.youBid', { count: 2 })).toBe('Du sagst 2 Stiche vorher.');
    expect(say('no.such.key')).toBe('no.such.key');
    const match = translator(MATCH, 'en');
    expect(match('log.drew', { context: 'you', card: 'red 3' })).not.toBe(
      match('log.drew', { name: 'Ann', card: 'red 3' }),
    );
  });

  it('reads the terminal language from the locale', () => {
    expect(languageOf('de_DE.UTF-8')).toBe('de');
    expect(languageOf('en_GB.UTF-8')).toBe('en');
    expect(languageOf(undefined)).toBe('en');
  });

  it('says a MATCHET placement as a player sees it', () => {
    const view = {
      tileSides: { T05: 'R3B7Y5' },
      board: [
        { row: 0, col: 0 },
        { row: 0, col: 2 },
      ],
    };
    const en = translator(MATCHET, 'en');
    expect(matchetAction('T05@1,0:T', en, view)).toBe(
      'lay the red 3, blue 7, yellow 5 triangle next to the last triangle',
    );
    expect(matchetAction('T05@0,1:L', en, view)).toBe(
      'lay the red 3, blue 7, yellow 5 triangle where it touches 2 triangles',
    );
    expect(matchetAction('T05@0,0:B', en, { tileSides: view.tileSides, board: [] })).toBe(
      'lay the red 3, blue 7, yellow 5 triangle in the middle',
    );
    expect(matchetAction('T05@1,0:T', translator(MATCHET, 'de'), view)).toBe(
      'das Dreieck Rot 3, Blau 7, Gelb 5 an das letzte Dreieck legen',
    );
    expect(matchetAction('bid 3', en, view)).toBeNull();
  });
});
