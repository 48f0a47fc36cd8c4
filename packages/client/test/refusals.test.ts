// The terminal's words for the server's refusals about names and the chat, in English and German.
import { describe, expect, it } from 'vitest';
import { messages, refusalWords } from '../src/words/refusals.ts';

describe('refusals in the terminal', () => {
  it('words a look-alike name in the terminal language, with its code', () => {
    const error = { code: 'name_lookalike', message: 'That name looks like Ada.' };
    expect(refusalWords(error, 'en')).toBe(`${messages.en.name_lookalike} (name_lookalike)`);
    expect(refusalWords(error, 'de')).toMatch(/^Dieser Name sieht genauso aus .* \(name_lookalike\)$/);
  });

  it("shows the server's message for a code it has no words for", () => {
    expect(refusalWords({ code: 'brand_new', message: 'Something new.' }, 'de')).toBe(
      'Something new. (brand_new)',
    );
  });

  it('has German words for every English one', () => {
    expect(Object.keys(messages.de).sort()).toEqual(Object.keys(messages.en).sort());
  });
});
