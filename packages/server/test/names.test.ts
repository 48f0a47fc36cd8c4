/**
 * Names as they are kept and compared: normalised (NFKC, invisible characters gone), and two names
 * that look alike (TR39's confusable skeleton, case, accents and invisible characters aside) are
 * one. `ADA_LOOKALIKES` is every disguise of "Ada" the hostile suite also sends to a real server.
 */
import { normaliseName } from '@matchbox/client';
import { describe, expect, it } from 'vitest';
import { looksAlike, nameKey, tableClash } from '../src/names.ts';
import { ADA_LOOKALIKES } from './lookalikes.ts';

describe('names', () => {
  it.each(ADA_LOOKALIKES)('%s looks like Ada', (_how, name) => {
    expect(name).not.toBe('Ada');
    expect(nameKey(name)).toBe(nameKey('Ada'));
    expect(tableClash(name, ['Bob', 'Ada'])).toMatchObject({ code: /^name_(taken|lookalike)$/ });
  });

  it('invisible characters go and compatibility forms become plain letters; the rest stays', () => {
    expect(normaliseName('A\u200bd\u00ada\u2060')).toBe('Ada');
    expect(normaliseName('\uff21\uff44\uff41')).toBe('Ada');
    expect(normaliseName('  Ada \u3164  Lovelace ')).toBe('Ada Lovelace');
    // Emoji keep their joiners (a family is one picture), accents and other alphabets stay.
    expect(normaliseName('👩\u200d👩\u200d👧')).toBe('👩\u200d👩\u200d👧');
    expect(normaliseName('Zoë')).toBe('Zoë');
    expect(normaliseName('Андрей')).toBe('Андрей');
  });

  it('different names stay different', () => {
    for (const [a, b] of [
      ['Ada', 'Ava'],
      ['Ada', 'Adam'],
      ['Ada', 'A da'],
      ['Bob', 'Rob'],
      ['山田', '山本'],
      ['Андрей', 'Andrei'],
    ] as const)
      expect(looksAlike(a, b), `${a} / ${b}`).toBe(false);
    expect(tableClash('Ava', ['Ada', 'Bob'])).toBeNull();
  });

  it('the same name is taken; a look-alike is a look-alike', () => {
    expect(tableClash('ada', ['Ada'])).toMatchObject({ code: 'name_taken' });
    expect(tableClash('\u0410da', ['Ada'])).toMatchObject({ code: 'name_lookalike' });
    // Letters that are confusable within one alphabet too (TR39): rn and m, l and I, 0 and O.
    expect(looksAlike('Kim', 'Kirn')).toBe(true);
    expect(looksAlike('Al', 'AI')).toBe(true);
    expect(looksAlike('B0b', 'Bob')).toBe(true);
  });
});
