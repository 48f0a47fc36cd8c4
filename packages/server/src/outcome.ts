/** What every table operation answers: its value, or a refusal with a stable code. */
import type { WireError } from '@matchbox/client/wire';

export type Outcome<T> = { ok: true; value: T } | { ok: false; error: WireError };

export const fail = (code: string, message: string): { ok: false; error: WireError } => ({
  ok: false,
  error: { code, message },
});

export const done = <T>(value: T): { ok: true; value: T } => ({ ok: true, value });

/** The first problem zod found, as one line a person can read (`seats.0.kind: Invalid input`). */
export function zodMessage(error: {
  issues: readonly { path: readonly PropertyKey[]; message: string }[];
}): string {
  const first = error.issues[0];
  if (!first) return 'Invalid request.';
  const where = first.path.length > 0 ? `${first.path.map(String).join('.')}: ` : '';
  return `${where}${first.message}`;
}
