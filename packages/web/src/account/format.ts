/** Small formatting helpers for the account pages, in the reader's language. */

/** "in 2 days", "in 5 hours", "in 3 minutes" (or "vor …" once past), by the browser's Intl. */
export function relativeTime(at: number, now: number, language: string): string {
  const ms = at - now;
  const abs = Math.abs(ms);
  const rtf = new Intl.RelativeTimeFormat(language, { numeric: 'auto' });
  if (abs >= 2 * 86_400_000) return rtf.format(Math.round(ms / 86_400_000), 'day');
  if (abs >= 2 * 3_600_000) return rtf.format(Math.round(ms / 3_600_000), 'hour');
  return rtf.format(Math.round(ms / 60_000), 'minute');
}

export function formatDate(at: number, language: string): string {
  return new Intl.DateTimeFormat(language, { dateStyle: 'medium' }).format(new Date(at));
}

export function formatNumber(x: number, language: string, digits = 1): string {
  return new Intl.NumberFormat(language, { maximumFractionDigits: digits }).format(x);
}
