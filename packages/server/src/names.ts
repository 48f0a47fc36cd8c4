/**
 * Whether two names look alike: the confusable skeleton of Unicode TR39 (UTS #39, section 4),
 * with the confusables data of the `unhomoglyph` package (confusables.txt), made stricter for
 * names people read at a glance: case does not count (`ada` looks like `Ada` in a list), nor do
 * accents and other combining marks (`Adà`), nor invisible characters. Two names with the same
 * skeleton are one name: a table never seats or hears two of them, and a guest may not take the
 * look-alike of a member's name.
 *
 * The skeleton is only ever compared, never shown (TR39: "not suitable for display").
 */
import { normaliseName } from '@matchbox/client/wire';
import unhomoglyph from 'unhomoglyph';

const MARKS = /\p{M}/gu;
const INVISIBLE = /[\p{Default_Ignorable_Code_Point}\u2800]/gu;

/** TR39's skeleton: NFD, each character to its prototype, NFD again. */
function tr39(text: string): string {
  return unhomoglyph(text.normalize('NFD')).normalize('NFD');
}

/**
 * The key two names are compared by: the name normalised (NFKC, invisible characters removed),
 * its TR39 skeleton, lower-cased and without combining marks, and the skeleton of that (lower
 * case letters have prototypes of their own: `l` and `I` both become `l`).
 */
export function nameKey(name: string): string {
  const skeleton = tr39(normaliseName(name).replace(INVISIBLE, ''));
  return tr39(skeleton.toLowerCase().replace(MARKS, '')).replace(MARKS, '').toLowerCase();
}

/** Whether `a` and `b` look alike (the same `nameKey`). */
export const looksAlike = (a: string, b: string): boolean => nameKey(a) === nameKey(b);

/** Why a name may not be taken, as a refusal with a stable code. */
export interface NameClash {
  readonly code: 'name_taken' | 'name_lookalike' | 'name_reserved';
  readonly message: string;
}

/**
 * The clash of `name` with `others` (the names at a table: its seats and its spectators), or null:
 * `name_taken` when one is the same name (case aside), `name_lookalike` when one only looks the
 * same (another alphabet's letter, a full-width form, an accent, ...).
 */
export function tableClash(name: string, others: Iterable<string>): NameClash | null {
  const key = nameKey(name);
  const plain = normaliseName(name).toLowerCase();
  for (const other of others) {
    if (nameKey(other) !== key) continue;
    if (normaliseName(other).toLowerCase() === plain)
      return { code: 'name_taken', message: `Someone at this table is already called ${other}.` };
    return {
      code: 'name_lookalike',
      message: `That name looks like ${other}, who is at this table already; choose another one.`,
    };
  }
  return null;
}

/** The refusal for a guest who takes the look-alike of a member's name. */
export const reservedClash = (member: string): NameClash => ({
  code: 'name_reserved',
  message: `${member} is a member's name (or looks like it); log in as ${member} or choose another one.`,
});
