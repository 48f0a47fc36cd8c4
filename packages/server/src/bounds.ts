/**
 * The shape bound every message from outside passes before anything walks it: a JSON value's
 * nesting depth, its number of values, and its strings' and keys' lengths, checked without
 * recursion. The schemas (zod's `z.json()`), the engine and `JSON.stringify` all recurse, so a
 * small frame nested a few thousand levels deep would overflow the stack in any of them; this
 * walk keeps its own stack and stops at the first value past a limit.
 */

export interface ShapeLimits {
  /** Nesting levels of arrays and objects (the message itself is level 1). */
  readonly depth: number;
  /** Values in all (every array, object, string, number, ...). */
  readonly nodes: number;
  /** Characters of one string or one key. */
  readonly stringLength: number;
}

/**
 * Real-time messages: the deepest real one is an action object holding a small list
 * (`{ tableId, action: { type, cards: [...] } }`).
 */
export const MESSAGE_LIMITS: ShapeLimits = { depth: 8, nodes: 2_000, stringLength: 4_096 };

/**
 * HTTP bodies: a table's options are the deepest (a MATCHET tile set: a list of tiles as
 * strings), a lobby's 200 tickets the largest.
 */
export const BODY_LIMITS: ShapeLimits = { depth: 8, nodes: 5_000, stringLength: 4_096 };

/** Why `value` is past `limits` (in words, for the error message), or null when it is within. */
export function shapeProblem(value: unknown, limits: ShapeLimits): string | null {
  const stack: { value: unknown; depth: number }[] = [{ value, depth: 1 }];
  let nodes = 0;
  while (stack.length > 0) {
    const { value: v, depth } = stack.pop()!;
    if (++nodes > limits.nodes) return `The message has more than ${limits.nodes} values.`;
    if (typeof v === 'string') {
      if (v.length > limits.stringLength)
        return `The message has a text longer than ${limits.stringLength} characters.`;
      continue;
    }
    if (typeof v !== 'object' || v === null) continue;
    if (depth > limits.depth) return `The message is nested deeper than ${limits.depth} levels.`;
    if (Array.isArray(v)) {
      if (nodes + v.length > limits.nodes) return `The message has more than ${limits.nodes} values.`;
      for (const item of v as unknown[]) stack.push({ value: item, depth: depth + 1 });
      continue;
    }
    const keys = Object.keys(v);
    if (nodes + keys.length > limits.nodes) return `The message has more than ${limits.nodes} values.`;
    for (const k of keys) {
      if (k.length > limits.stringLength)
        return `The message has a key longer than ${limits.stringLength} characters.`;
      stack.push({ value: (v as Record<string, unknown>)[k], depth: depth + 1 });
    }
  }
  return null;
}
