/**
 * Refusals in the reader's language. The server and the engines refuse with a stable `code` and an
 * English `message`; the `errors` namespace (src/i18n/locales/<lang>/errors.json) words every
 * code they can send, and an unknown code falls back to the server's own message.
 */
import type { TFunction } from 'i18next';
import { ApiError } from './api.ts';

export interface Refusal {
  readonly code: string;
  readonly message: string;
}

/** The namespace of the refusals' words; load it (useTranslation) where refusals are shown. */
export const ERRORS_NS = 'errors';

/** Any i18next `t` (bound to any namespace): the refusal's words are looked up in `errors`. */
type Translate = (key: string, options: { ns: string; defaultValue: string; until?: string }) => string;

/** A refusal by its code in the current language, else the server's English message. */
export function refusalText(error: Refusal, t: Translate | TFunction): string {
  return t(error.code, { ns: ERRORS_NS, defaultValue: error.message, ...untilOf(error) });
}

/** A pause's end (`paused`: a repeat leaver's pause from pairing) as a date and time in words. */
function untilOf(error: Refusal): { until?: string } {
  const until = (error as { until?: unknown }).until;
  if (typeof until !== 'number') return {};
  return { until: new Date(until).toLocaleString(undefined, { dateStyle: 'short', timeStyle: 'short' }) };
}

/** A refusal in the current language when its code is known, else the server's own message. */
export function errorText(error: unknown, t: TFunction): string {
  if (error instanceof ApiError) {
    // A pause's end in the reader's own words for a time (`paused`: "paused until 14:05").
    const until =
      error.until === undefined
        ? {}
        : {
            until: new Date(error.until).toLocaleString(undefined, {
              dateStyle: 'short',
              timeStyle: 'short',
            }),
          };
    return t(`errors.${error.code}`, { defaultValue: refusalText(error, t), ...until });
  }
  if (error instanceof Error) return error.message;
  return String(error);
}
