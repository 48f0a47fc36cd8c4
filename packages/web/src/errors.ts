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
type Translate = (key: string, options: { ns: string; defaultValue: string }) => string;

/** A refusal by its code in the current language, else the server's English message. */
export function refusalText(error: Refusal, t: Translate | TFunction): string {
  return t(error.code, { ns: ERRORS_NS, defaultValue: error.message });
}

/** A refusal in the current language when its code is known, else the server's own message. */
export function errorText(error: unknown, t: TFunction): string {
  if (error instanceof ApiError) return t(`errors.${error.code}`, { defaultValue: refusalText(error, t) });
  if (error instanceof Error) return error.message;
  return String(error);
}
