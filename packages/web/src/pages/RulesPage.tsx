/**
 * A game's rules for players, in the interface's language: what you need, a turn, scoring with a
 * worked example and the end, with pictures drawn by the boards' own components and a link to
 * the tutorial. The rulings behind them stay in the developers' documents (docs/rules).
 */
import { useEffect, useState } from 'react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from '../components/Link.tsx';
import { isGameId } from '../games/types.ts';
import { RulesFigure } from '../rules/figures.tsx';
import { RULES } from '../rules/index.ts';
import type { GameRules, RulesBlock } from '../rules/types.ts';
import '../rules/rules.css';

/** Text with **bold** parts as elements (never as HTML). */
function rich(text: string): ReactNode[] {
  return text.split(/\*\*([^*]+)\*\*/).map((part, i) => (i % 2 ? <strong key={i}>{part}</strong> : part));
}

function Block({ block }: { block: RulesBlock }) {
  if ('p' in block) return <p>{rich(block.p)}</p>;
  if ('list' in block)
    return (
      <ul>
        {block.list.map((item, i) => (
          <li key={i}>{rich(item)}</li>
        ))}
      </ul>
    );
  if ('steps' in block)
    return (
      <ol>
        {block.steps.map((item, i) => (
          <li key={i}>{rich(item)}</li>
        ))}
      </ol>
    );
  return (
    <figure className="rules-figure">
      <RulesFigure name={block.figure} labels={block.labels ?? []} />
      <figcaption>{rich(block.caption)}</figcaption>
    </figure>
  );
}

export default function RulesPage({ game }: { game: string }) {
  const { t, i18n } = useTranslation();
  const [rules, setRules] = useState<GameRules | null>(null);
  const [failed, setFailed] = useState(false);
  const known = isGameId(game);

  useEffect(() => {
    if (!isGameId(game)) return;
    RULES[game]().then(setRules, () => setFailed(true));
  }, [game]);
  useEffect(() => {
    document.title = `${t('rules.title', { game: known ? t(`games.${game}.name`) : game })} · ${t('app.name')}`;
  }, [game, known, t]);

  if (!known || failed)
    return (
      <main id="main" className="page narrow">
        <h1>{t('rules.missing')}</h1>
        <Link href="/">{t('app.backToLobby')}</Link>
      </main>
    );
  const doc = rules ? (i18n.resolvedLanguage === 'de' ? rules.de : rules.en) : null;
  return (
    <main id="main" className="page narrow rules">
      <p>
        <Link href="/">{t('app.backToLobby')}</Link>
      </p>
      <h1>{t('rules.title', { game: t(`games.${game}.name`) })}</h1>
      {doc === null ? (
        <p className="loading">{t('app.loading')}</p>
      ) : (
        <article>
          <p className="rules-lead">{rich(doc.lead)}</p>
          <p className="rules-learn">
            <Link href={`/learn/${game}`}>{doc.tutorial}</Link>
          </p>
          {doc.sections.map((s) => (
            <section key={s.id} aria-labelledby={`rules-${s.id}`}>
              <h2 id={`rules-${s.id}`}>{s.title}</h2>
              {s.blocks.map((b, i) => (
                <Block key={i} block={b} />
              ))}
            </section>
          ))}
          <p className="rules-learn">
            <Link href={`/learn/${game}`}>{doc.tutorial}</Link>
          </p>
        </article>
      )}
    </main>
  );
}
