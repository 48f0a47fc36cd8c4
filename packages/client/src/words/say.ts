/**
 * The translation function the sentence modules take: i18next's `t` in the browser (bound to the
 * game's namespace, where the web merges these words), `translator` in the terminal. It reads
 * nested keys ("log.bid"), picks `_you`-style contexts and `_one`/`_other` plurals the way
 * i18next does for English and German, and fills in `{{name}}` values.
 */
export interface Say {
  (key: string): string;
  (key: string, options: Record<string, unknown>): string;
}

/**
 * One event in words, as `viewerSeat` (null: a spectator) sees it, with the seats' names; `view`
 * (the viewer's view after the event, when the caller has it) lets a sentence name what the
 * event only points to (a MATCHET tile's colours and numbers).
 */
export type DescribeEvent<E> = (
  event: E,
  t: Say,
  seatNames: readonly string[],
  viewerSeat: number | null,
  view?: unknown,
) => string;

export const LANGUAGES = ['en', 'de'] as const;
export type Language = (typeof LANGUAGES)[number];

type Tree = { readonly [key: string]: string | Tree };

function lookup(tree: Tree, key: string): string | undefined {
  let node: string | Tree | undefined = tree;
  for (const part of key.split('.')) {
    if (typeof node !== 'object') return undefined;
    node = node[part];
  }
  return typeof node === 'string' ? node : undefined;
}

/** A `Say` over one language's words (English filling any gap); an unknown key says itself. */
export function translator(messages: { readonly en: Tree; readonly de: Tree }, language: Language): Say {
  return (key, options: Record<string, unknown> = {}) => {
    const context = typeof options['context'] === 'string' ? `_${options['context']}` : '';
    const count = options['count'];
    const plural = typeof count === 'number' ? (count === 1 ? '_one' : '_other') : '';
    const candidates = [`${key}${context}${plural}`, `${key}${context}`, `${key}${plural}`, key];
    let text: string | undefined;
    for (const tree of [messages[language], messages.en])
      for (const k of candidates) if (text === undefined) text = lookup(tree, k);
    return (text ?? key).replace(/\{\{\s*(\w+)\s*\}\}/g, (all, name: string) => {
      const value = options[name];
      return typeof value === 'string' || typeof value === 'number' ? String(value) : all;
    });
  };
}

/** The language of an environment's locale (`de_DE.UTF-8` -> de), English otherwise. */
export function languageOf(locale: string | undefined): Language {
  return locale?.toLowerCase().startsWith('de') ? 'de' : 'en';
}
