/**
 * A game's rules in our words: docs/rules/<game>.md, imported as text at build time (one lazy
 * chunk per game). The sections for programmers (notation details, stacked decks, saves, error
 * codes, ...) are left out; the document in the repository has them. The text is English; a
 * German interface says so.
 */
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from '../components/Link.tsx';
import { Blocks, sections } from '../components/Markdown.tsx';
import type { Section } from '../components/Markdown.tsx';
import { isGameId } from '../games/types.ts';

const docs = import.meta.glob<string>('../../../../docs/rules/*.md', { query: '?raw', import: 'default' });

/** Headings of sections written for programmers rather than players. */
const TECHNICAL =
  /stacked deck|chance|saves|error codes|^events|views|the view|what play reveals|benchmark|solver|phases and turns|turn, phase|outcomes \(issue|visibility|^notation|^actions|other decisions/i;

/** The sections for players: a technical section goes with all its subsections. */
function playerSections(text: string): Section[] {
  const out: Section[] = [];
  let skipBelow = Infinity;
  for (const s of sections(text)) {
    if (s.level > skipBelow) continue;
    skipBelow = Infinity;
    if (s.level > 1 && TECHNICAL.test(s.title)) {
      skipBelow = s.level;
      continue;
    }
    out.push(s);
  }
  return out;
}

export default function RulesPage({ game }: { game: string }) {
  const { t, i18n } = useTranslation();
  const [text, setText] = useState<string | null>(null);
  const [failed, setFailed] = useState(false);
  const load = isGameId(game) ? docs[`../../../../docs/rules/${game}.md`] : undefined;

  useEffect(() => {
    if (!load) return;
    load().then(setText, () => setFailed(true));
  }, [load]);
  useEffect(() => {
    document.title = `${t('rules.title', { game: isGameId(game) ? t(`games.${game}.name`) : game })} · ${t('app.name')}`;
  }, [game, t]);

  if (!load || failed)
    return (
      <main id="main" className="page narrow">
        <h1>{t('rules.missing')}</h1>
        <Link href="/">{t('app.backToLobby')}</Link>
      </main>
    );
  const parts = text ? playerSections(text) : [];
  return (
    <main id="main" className="page narrow rules">
      <p>
        <Link href="/">{t('app.backToLobby')}</Link>
      </p>
      <h1>{t('rules.title', { game: t(`games.${game}.name`) })}</h1>
      {i18n.resolvedLanguage !== 'en' ? (
        <p className="note" lang={i18n.resolvedLanguage}>
          {t('rules.englishOnly')}
        </p>
      ) : null}
      {text === null ? <p className="loading">{t('app.loading')}</p> : null}
      <article lang="en">
        {parts.map((s, i) => {
          if (s.level <= 1) return <Blocks key={i} lines={s.body} />;
          const H = s.level === 2 ? 'h2' : s.level === 3 ? 'h3' : 'h4';
          return (
            <section key={i}>
              <H>{s.title}</H>
              <Blocks lines={s.body} />
            </section>
          );
        })}
      </article>
    </main>
  );
}
