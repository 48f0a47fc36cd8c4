import type { TFunction } from 'i18next';
import { ApiError } from './api.ts';

/** A refusal in the current language when its code is known, else the server's own message. */
export function errorText(error: unknown, t: TFunction): string {
  if (error instanceof ApiError) return t(`errors.${error.code}`, { defaultValue: error.message });
  if (error instanceof Error) return error.message;
  return String(error);
}
