/** An event as a short line of notation for the log's hover text: `card_played seat=2 card=do13`. */
export function eventNotation(event: unknown): string {
  if (typeof event !== 'object' || event === null) return String(event);
  const { type, ...rest } = event as Record<string, unknown>;
  const parts = Object.entries(rest).map(([k, v]) => `${k}=${typeof v === 'string' ? v : JSON.stringify(v)}`);
  return [typeof type === 'string' ? type : '?', ...parts].join(' ');
}
