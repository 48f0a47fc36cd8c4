/**
 * Disguises of the name "Ada": invisible characters, other alphabets' letters, compatibility
 * forms, accents and case. Each must be refused at a table where Ada sits (names.test.ts checks
 * the key, hostile.test.ts a real server).
 */
export const ADA_LOOKALIKES: readonly (readonly [how: string, name: string])[] = [
  ['a zero-width space', 'A\u200bda'],
  ['a zero-width non-joiner', 'A\u200cda'],
  ['a zero-width joiner', 'A\u200dda'],
  ['a word joiner', 'Ad\u2060a'],
  ['a soft hyphen', 'A\u00adda'],
  ['a zero-width no-break space', '\ufeffAda'],
  ['a Hangul filler', 'Ada\u3164'],
  ['a Hangul choseong filler', '\u115fAda'],
  ['a half-width Hangul filler', 'Ada\uffa0'],
  ['a combining grapheme joiner', 'A\u034fda'],
  ['a variation selector', 'A\ufe0fda'],
  ['a Mongolian vowel separator', 'Ad\u180ea'],
  ['a tag character', 'Ada\u{e0041}'],
  ['a blank braille pattern', 'Ada\u2800'],
  ['a left-to-right mark', 'A\u200eda'],
  ['a right-to-left override', '\u202eAda\u202c'],
  ['a Cyrillic capital A', '\u0410da'],
  ['a Cyrillic small a', 'Ad\u0430'],
  ['a Greek capital Alpha', '\u0391da'],
  ['a Cherokee letter', '\u13aada'],
  ['a Latin alpha', 'Ad\u0251'],
  ['full-width letters', '\uff21\uff44\uff41'],
  ['mathematical bold letters', '\u{1d400}\u{1d41d}\u{1d41a}'],
  ['circled letters', '\u24b6\u24d3\u24d0'],
  ['a combining dot above', 'A\u0307da'],
  ['a combining acute accent', 'Ada\u0301'],
  ['a precomposed grave accent', '\u00c0da'],
  ['lower case', 'ada'],
  ['upper case', 'ADA'],
];
