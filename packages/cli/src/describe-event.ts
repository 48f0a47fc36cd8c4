/** One line of text per engine event, for the terminal. Generic: it knows no game's rules. */
import type { Json, JsonObject } from '@matchbox/engine';

const show = (v: Json): string =>
  Array.isArray(v)
    ? v.map(show).join(', ')
    : typeof v === 'object' && v !== null
      ? Object.entries(v)
          .map(([k, x]) => `${k} ${show(x)}`)
          .join(' ')
      : String(v);

export function describeEvent(event: JsonObject, viewer: number | null): string {
  const { type, seat, ...rest } = event;
  const who = typeof seat === 'number' ? (seat === viewer ? 'You' : `Seat ${seat}`) : '';
  const what = (typeof type === 'string' ? type : 'event').replace(/_/g, ' ');
  const details = Object.entries(rest)
    .map(([k, v]) => `${k.replace(/([A-Z])/g, ' $1').toLowerCase()}: ${show(v)}`)
    .join('; ');
  return `${who ? `${who} - ` : ''}${what}${details ? ` (${details})` : ''}`;
}
