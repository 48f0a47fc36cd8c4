/**
 * The server's refusals about names and the chat in the terminal's words (English and German; the
 * web has its own in src/i18n/locales/<lang>/errors.json). A code without words here is shown
 * with the server's English message.
 */
import type { Language } from './say.ts';
import { translator } from './say.ts';

export const messages = {
  en: {
    name_taken: 'Someone at this table already has that name. Choose another one.',
    name_lookalike:
      'That name looks just like the name of someone at this table. Choose one that looks different.',
    name_reserved:
      'That name (or one that looks like it) belongs to a member. Log in as that member, or choose another name.',
    name_required: 'Give a name to write as a spectator.',
    rate_limited: 'You are writing fast; wait a moment.',
    spectator: 'Spectators may read the chat at this table, not write.',
    not_seated: 'You no longer hold a seat at this table.',
    empty_message: 'Write something first.',
    too_long: 'That line is too long.',
  },
  de: {
    name_taken: 'Jemand an diesem Tisch hat diesen Namen schon. Wähle einen anderen.',
    name_lookalike:
      'Dieser Name sieht genauso aus wie der Name von jemandem an diesem Tisch. Wähle einen, der anders aussieht.',
    name_reserved:
      'Dieser Name (oder einer, der so aussieht) gehört einem Mitglied. Melde dich als dieses Mitglied an oder wähle einen anderen Namen.',
    name_required: 'Gib einen Namen an, um als Zuschauer zu schreiben.',
    rate_limited: 'Du schreibst schnell; warte einen Moment.',
    spectator: 'Zuschauer dürfen an diesem Tisch den Chat lesen, aber nicht schreiben.',
    not_seated: 'Du hast an diesem Tisch keinen Platz mehr.',
    empty_message: 'Schreib zuerst etwas.',
    too_long: 'Diese Zeile ist zu lang.',
  },
} as const;

/** A refusal in `language` with its code, e.g. "Someone at this table ... (name_taken)". */
export function refusalWords(error: { code: string; message: string }, language: Language): string {
  const say = translator(messages, language);
  const words = say(error.code);
  return `${words === error.code ? error.message : words} (${error.code})`;
}
