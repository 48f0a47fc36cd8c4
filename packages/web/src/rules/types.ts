/**
 * A rules page for players, in one language: short sections (what you need, a turn, scoring with a
 * worked example, the end), each a list of blocks. Text may hold **bold**; a figure names one of
 * the game's pictures (drawn with the board's own components) and carries its caption.
 */
export type RulesBlock =
  | { readonly p: string }
  | { readonly list: readonly string[] }
  | { readonly steps: readonly string[] }
  | {
      readonly figure: string;
      readonly caption: string;
      /** Words drawn inside the picture (names under the cards, a mark on the winner). */
      readonly labels?: readonly string[];
    };

export interface RulesSection {
  readonly id: string;
  readonly title: string;
  readonly blocks: readonly RulesBlock[];
}

export interface RulesDoc {
  /** One or two sentences under the title: what the game is. */
  readonly lead: string;
  readonly sections: readonly RulesSection[];
  /** The link to the game's tutorial. */
  readonly tutorial: string;
}

export interface GameRules {
  readonly en: RulesDoc;
  readonly de: RulesDoc;
}

/** Every string a page shows, figures' captions included, in reading order (for tests). */
export function rulesText(doc: RulesDoc): string[] {
  const out = [doc.lead, doc.tutorial];
  for (const s of doc.sections) {
    out.push(s.title);
    for (const b of s.blocks) {
      if ('p' in b) out.push(b.p);
      else if ('list' in b) out.push(...b.list);
      else if ('steps' in b) out.push(...b.steps);
      else out.push(b.caption, ...(b.labels ?? []));
    }
  }
  return out;
}
