/**
 * Limits of the wire that the browser needs at run time, apart from the zod schemas of wire.ts:
 * a page that imports only these (and the package is free of side effects) does not load zod.
 */

/** The longest chat line, in characters after cleaning. */
export const CHAT_MAX_CHARS = 200;

/**
 * How many chat lines a table keeps (the server drops older ones as new ones come: the chat never
 * fills up) and a client holds at most.
 */
export const CHAT_LINES_KEPT = 500;
