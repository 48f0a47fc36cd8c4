/**
 * Limits of the wire that the browser needs at run time, apart from the zod schemas of wire.ts:
 * a page that imports only these (and the package is free of side effects) does not load zod.
 */

/** The longest chat line, in characters after cleaning. */
export const CHAT_MAX_CHARS = 200;
