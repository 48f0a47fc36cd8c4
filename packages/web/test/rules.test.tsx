// The rules pages for players: in both languages, with the same sections and pictures, no code
// paths, ruling ids, option names or notation, and no line left untranslated.
import { render, screen } from '@testing-library/react';
import { afterAll, describe, expect, it } from 'vitest';
import { GAME_IDS } from '../src/games/types.ts';
import { i18next } from '../src/i18n/index.ts';
import RulesPage from '../src/pages/RulesPage.tsx';
import { FIGURE_NAMES } from '../src/rules/figures.tsx';
import { RULES } from '../src/rules/index.ts';
import type { RulesBlock, RulesDoc } from '../src/rules/types.ts';
import { rulesText } from '../src/rules/types.ts';

/** What a player must never read on a rules page. */
const DEVELOPER_TEXT: readonly [string, RegExp][] = [
  ['a ruling id', /\b(MM|MA|S16|MT)-X?\d+\b/],
  ['the word ruling', /\brulings?\b/i],
  ['a code path', /(packages|src|docs|shared)\/|\.(tsx?|md|json)\b/],
  ['code markup', /`/],
  ['a code name', /\b[a-z]+[A-Z][A-Za-z]*\b/],
  ['card notation', /\b(do|lo|db|lb)\d{1,2}\b|\b[rygbp][0-5]\b|\b(10|[2-9AJQK])[CDHS]\b/],
  ['tile notation', /\bT\d{2}\b|@-?\d|\b[RYB]\d+[RYB]\d+/],
  ['a seat number from 0', /\b(seat|Platz) 0\b/i],
];

/** Words the same in both languages: names in the pictures. */
const SAME_IN_BOTH = new Set(['Ann', 'Ben', 'Cleo', 'Dan']);

function shape(b: RulesBlock): string {
  if ('p' in b) return 'p';
  if ('list' in b) return `list${b.list.length}`;
  if ('steps' in b) return `steps${b.steps.length}`;
  return `figure:${b.figure}:${b.labels?.length ?? 0}`;
}

function outline(doc: RulesDoc): string[] {
  return doc.sections.map((s) => `${s.id}: ${s.blocks.map(shape).join(' ')}`);
}

afterAll(() => i18next.changeLanguage('en'));

/** The page's text nodes, each apart (textContent runs "Lobby" and "Rules" together). */
function visibleText(root: Element): string {
  const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
  const parts: string[] = [];
  for (let n = walker.nextNode(); n; n = walker.nextNode()) parts.push(n.textContent ?? '');
  return parts.join(' ');
}

describe.each(GAME_IDS)('the rules of %s', (game) => {
  it('has the same sections, blocks and pictures in English and German', async () => {
    const rules = await RULES[game]();
    expect(outline(rules.de)).toEqual(outline(rules.en));
    const ids = rules.en.sections.map((s) => s.id);
    for (const needed of ['start', 'turn', 'score', 'end'])
      expect(ids.some((id) => id === needed || (needed === 'end' && id === 'solitaire'))).toBe(true);
    const figures = rules.en.sections.flatMap((s) =>
      s.blocks.flatMap((b) => ('figure' in b ? [b.figure] : [])),
    );
    expect(figures.length).toBeGreaterThan(0);
    for (const f of figures) expect(FIGURE_NAMES).toContain(f);
  });

  it.each(['en', 'de'] as const)('reads as a text for players in %s', async (lang) => {
    const rules = await RULES[game]();
    for (const line of rulesText(rules[lang]))
      for (const [what, pattern] of DEVELOPER_TEXT) expect(line, `${what} in "${line}"`).not.toMatch(pattern);
  });

  it('leaves no line of the German page in English', async () => {
    const rules = await RULES[game]();
    const en = rulesText(rules.en);
    const de = rulesText(rules.de);
    expect(de).toHaveLength(en.length);
    de.forEach((line, i) => {
      if (SAME_IN_BOTH.has(line)) return;
      expect(line, `untranslated: "${line}"`).not.toBe(en[i]);
    });
  });

  it.each(['en', 'de'] as const)(
    'renders in %s with its pictures and a link to the tutorial',
    async (lang) => {
      await i18next.changeLanguage(lang);
      const rules = await RULES[game]();
      const { container } = render(<RulesPage game={game} />);
      await screen.findByText((_, el) => el?.tagName === 'P' && el.classList.contains('rules-lead'));
      const text = visibleText(container);
      for (const [what, pattern] of DEVELOPER_TEXT) expect(text, what).not.toMatch(pattern);
      // Headings go from the title to the sections without a gap.
      const levels = [...container.querySelectorAll('h1, h2, h3, h4')].map((h) => Number(h.tagName[1]));
      expect(levels[0]).toBe(1);
      for (let i = 1; i < levels.length; i++) expect(levels[i]! - levels[i - 1]!).toBeLessThanOrEqual(1);
      expect(container.querySelectorAll('h2')).toHaveLength(rules[lang].sections.length);
      expect(container.querySelectorAll('figure svg').length).toBeGreaterThan(0);
      const learn = [...container.querySelectorAll('a')].filter(
        (a) => a.getAttribute('href') === `/learn/${game}`,
      );
      expect(learn.length).toBeGreaterThan(0);
      expect(learn[0]!.textContent).toBe(rules[lang].tutorial);
      // Every sentence on the German page is the page's own, none is borrowed from the English one.
      if (lang === 'de') {
        const english = rulesText(rules.en).filter((l) => !SAME_IN_BOTH.has(l) && l.length > 3);
        const plain = (container.textContent ?? '').replace(/\*\*/g, '');
        for (const line of english) {
          const words = line.replace(/\*\*/g, '').replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
          expect(plain, `English in the German page: ${line}`).not.toMatch(
            new RegExp(`(^|[^\\p{L}])${words}($|[^\\p{L}])`, 'u'),
          );
        }
      }
    },
  );
});

describe('an unknown game', () => {
  it('says there are no rules for it', async () => {
    await i18next.changeLanguage('en');
    render(<RulesPage game="chess" />);
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('There are no rules for this game.');
  });
});
