/**
 * Display names, without zod, so that the web's forms check exactly what the server checks (`name`
 * in wire.ts) without loading the schemas: how a name is normalised, and what it may hold. Whether
 * a name looks like another one at the table (the confusable skeleton, Unicode TR39) is the
 * server's check (packages/server/src/names.ts): its data stays out of the browser.
 */

/**
 * Characters that draw nothing and are removed from a name: the default-ignorable code points
 * (zero-width space, joiners and non-joiner, word joiner, soft hyphen, the Hangul fillers,
 * variation selectors, tag characters, the combining grapheme joiner, ...) and the blank braille
 * pattern; except the joiner inside an emoji sequence and the emoji presentation selector after an
 * emoji, which change the picture, not the letters (the skeleton drops them too).
 */
const INVISIBLE =
  /(?!(?<=\p{Extended_Pictographic}\p{Emoji_Modifier}?\ufe0f?)\u200d(?=\p{Extended_Pictographic}))(?!(?<=\p{Extended_Pictographic})\ufe0f)[\p{Default_Ignorable_Code_Point}\u2800]/gu;

/**
 * A name as it is kept and shown: compatibility-normalised (NFKC: full-width `Ａｄａ` is `Ada`,
 * ligatures and circled letters are plain letters), without invisible characters, with runs of
 * white space as one space, trimmed. Two names that look the same after this may still differ in
 * their letters (Cyrillic `А` and Latin `A`): the server's skeleton check refuses those.
 */
export function normaliseName(text: string): string {
  return text.normalize('NFKC').replace(INVISIBLE, '').replace(/\s+/gu, ' ').trim().normalize('NFKC');
}

/**
 * Characters a display name may not hold: markup and quotes; control characters (C0, DEL, C1);
 * the bidirectional marks, embeddings, overrides and isolates, which make a name read backwards
 * or run into the text after it; and line and paragraph separators.
 */
const NAME_FORBIDDEN = /[<>&"'`\p{Cc}\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069\u2028\u2029]/u;
/** A visible character: a letter, digit, punctuation mark or symbol. */
const NAME_VISIBLE = /[\p{L}\p{N}\p{P}\p{S}]/u;

/**
 * Why a display name as typed is not acceptable, or null when it is: a forbidden character, or
 * nothing visible once normalised (`normaliseName`; spaces, invisible characters and combining
 * marks alone show as nothing).
 */
export function nameProblem(text: string): string | null {
  if (NAME_FORBIDDEN.test(text))
    return 'A name may not contain <, >, &, quotes, control characters or text-direction marks.';
  if (!NAME_VISIBLE.test(normaliseName(text))) return 'A name needs a visible character.';
  return null;
}
