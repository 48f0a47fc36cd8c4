/**
 * What a display name may hold, without zod, so that the web's forms check exactly what the
 * server checks (`name` in wire.ts) without loading the schemas.
 */

/**
 * Characters a display name may not hold: markup and quotes; control characters (C0, DEL, C1);
 * the bidirectional marks, embeddings, overrides and isolates, which make a name read backwards
 * or run into the text after it; and line and paragraph separators.
 */
const NAME_FORBIDDEN = /[<>&"'`\p{Cc}\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069\u2028\u2029]/u;
/**
 * A visible character: a letter, digit, punctuation mark or symbol, not one of the letters that
 * draw nothing (the Hangul fillers) nor the blank braille pattern. A name of spaces, zero-width
 * characters and combining marks alone shows as nothing.
 */
const NAME_VISIBLE = /[\p{L}\p{N}\p{P}\p{S}]/u;
const INVISIBLE_LETTERS = /[\u115f\u1160\u3164\uffa0\u2800]/gu;

/** Why a display name (already trimmed) is not acceptable, or null when it is. */
export function nameProblem(text: string): string | null {
  if (NAME_FORBIDDEN.test(text))
    return 'A name may not contain <, >, &, quotes, control characters or text-direction marks.';
  if (!NAME_VISIBLE.test(text.replace(INVISIBLE_LETTERS, ''))) return 'A name needs a visible character.';
  return null;
}
