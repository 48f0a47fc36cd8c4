// A repeat leaver's refusal from pairing (`paused`) reads the pause's end as a date and time in the
// reader's words, never a bare placeholder.
import i18next from 'i18next';
import { describe, expect, it } from 'vitest';
import { ApiError } from '../src/api.ts';
import { errorText } from '../src/errors.ts';

describe('the paused refusal', () => {
  it('names the end of the pause', () => {
    const until = Date.UTC(2026, 10, 29, 14, 5);
    const text = errorText(new ApiError('paused', 'You left 3 games.', 403, until), i18next.t);
    expect(text).toContain('you are paused until');
    expect(text).not.toContain('{{');
    expect(text).toContain(
      new Date(until).toLocaleString(undefined, { dateStyle: 'short', timeStyle: 'short' }),
    );
  });
});
