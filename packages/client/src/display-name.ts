/** The display-name schema, shared by the wire's bodies (wire.ts, events.ts). */
import { z } from 'zod';
import { nameProblem, normaliseName } from './names.ts';

/**
 * A display name: bounded as typed, checked for forbidden characters, then normalised
 * (`normaliseName`: NFKC, invisible characters removed) and bounded again.
 */
export const displayName = z
  .string()
  .max(128, 'A name has at most 32 characters.')
  .superRefine((text, ctx) => {
    const problem = nameProblem(text);
    if (problem) ctx.addIssue({ code: 'custom', message: problem });
  })
  .transform(normaliseName)
  .pipe(
    z.string().min(1, 'A name needs at least one character.').max(32, 'A name has at most 32 characters.'),
  );
