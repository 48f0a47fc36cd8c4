/**
 * One line of text per event a seat sees (`eventsFor`), for the terminal. Generic: it knows no
 * game's rules, only the shape every game's event bodies share (a `type`, often a `seat`).
 */
import type { EventBody, Json, Viewer } from '@matchbox/engine';

/** The event bodies of every game. */
export type AnyEvent = EventBody;

const show = (v: Json): string =>
  Array.isArray(v)
    ? v.map(show).join(', ')
    : typeof v === 'object' && v !== null
      ? Object.entries(v)
          .map(([k, x]) => `${k} ${show(x)}`)
          .join(' ')
      : String(v);

export function describeEvent(event: AnyEvent, viewer: Viewer): string {
  const { type, seat, ...rest } = event as unknown as { type: string; seat?: Json } & Record<string, Json>;
  const who = typeof seat === 'number' ? (seat === viewer ? 'You' : `Seat ${seat}`) : '';
  const what = type.replace(/_/g, ' ');
  const details = Object.entries(rest)
    .map(([k, v]) => `${k.replace(/([A-Z])/g, ' $1').toLowerCase()}: ${show(v)}`)
    .join('; ');
  return `${who ? `${who} - ` : ''}${what}${details ? ` (${details})` : ''}`;
}
