/**
 * One line of text per event a seat sees, for the terminal: the same sentences as the web's log,
 * from the shared sentence modules (`@matchbox/client/words/<game>`, named by each game's plugin), in English or German
 * (`MATCHBOX_LANG`, else the locale: `LANG=de_DE.UTF-8` speaks German). The caller picks the
 * seat's own share of each event with `eventsFor`. An event no sentence module knows is written
 * generically from its fields, so a new event type never breaks the terminal.
 */
import type { DescribeEvent, Language, Say } from '@matchbox/client/words/say';
import { languageOf, translator } from '@matchbox/client/words/say';
import type { EventBody, Json, Viewer } from '@matchbox/engine';
import { cliPlugin } from './games/index.ts';

/** The event body of any game. */
export type AnyEvent = EventBody & { readonly [field: string]: unknown };

/** The terminal's language: `MATCHBOX_LANG`, else the locale's. */
export const TERMINAL_LANGUAGE: Language = languageOf(
  process.env['MATCHBOX_LANG'] ?? process.env['LC_ALL'] ?? process.env['LANG'],
);

const show = (v: Json): string =>
  Array.isArray(v)
    ? v.map(show).join(', ')
    : typeof v === 'object' && v !== null
      ? Object.entries(v)
          .map(([k, x]) => `${k} ${show(x)}`)
          .join(' ')
      : String(v);

/** Any event from its fields: `Seat 1 - tryst (cells: B3, B5; cards: 5S, JS)`. */
export function describeGeneric(event: EventBody, viewer: Viewer): string {
  const { type, seat, ...rest } = event as unknown as { type: string; seat?: Json } & Record<string, Json>;
  const who = typeof seat === 'number' ? (seat === viewer ? 'You' : `Seat ${seat}`) : '';
  const what = type.replace(/_/g, ' ');
  const details = Object.entries(rest)
    .filter(([, v]) => v !== undefined)
    .map(([k, v]) => `${k.replace(/([A-Z])/g, ' $1').toLowerCase()}: ${show(v)}`)
    .join('; ');
  return `${who ? `${who} - ` : ''}${what}${details ? ` (${details})` : ''}`;
}

const says = new Map<string, Say>();
function sayFor(gameId: string, language: Language): Say {
  const key = `${gameId}:${language}`;
  let say = says.get(key);
  if (!say) {
    say = translator(cliPlugin(gameId)!.sentences.messages, language);
    says.set(key, say);
  }
  return say;
}

export interface DescribeOptions {
  /** The seats' names (a seat without one is "Seat N", numbered as the terminal numbers seats). */
  readonly names?: readonly (string | null | undefined)[];
  /** The viewer's view after the event, so that a sentence can name a MATCHET tile's sides. */
  readonly view?: unknown;
  readonly language?: Language;
}

/**
 * One line for an event as `viewer` sees it. With `gameId`, the game's own sentences; without it
 * (or if the sentence cannot be made), the generic form.
 */
export function describeEvent(
  event: AnyEvent,
  viewer: Viewer,
  gameId?: string,
  options: DescribeOptions = {},
): string {
  const own = gameId !== undefined ? cliPlugin(gameId)?.sentences : undefined;
  if (!own) return describeGeneric(event, viewer);
  const language = options.language ?? TERMINAL_LANGUAGE;
  const seatWord = language === 'de' ? 'Platz' : 'Seat';
  const names = Array.from({ length: 8 }, (_, s) => options.names?.[s] || `${seatWord} ${s}`);
  try {
    return (own.describe as DescribeEvent<AnyEvent>)(
      event,
      sayFor(gameId!, language),
      names,
      viewer,
      options.view,
    );
  } catch {
    return describeGeneric(event, viewer);
  }
}

/**
 * A choice in the game's notation in words, as its chooser could say it before making it (the
 * game's choice words, read from `view`): never its outcome. Null when the game has no words for it.
 */
export function describeChoice(
  text: string,
  gameId: string,
  view: unknown,
  language: Language = TERMINAL_LANGUAGE,
): string | null {
  const words = cliPlugin(gameId)?.sentences.describeChoice;
  if (!words) return null;
  try {
    const said = words(text, sayFor(gameId, language), view);
    return said ? said.charAt(0).toLocaleUpperCase() + said.slice(1) : null;
  } catch {
    return null;
  }
}
