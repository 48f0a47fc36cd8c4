/**
 * A first game with a guide (`/learn/<game>?pace=`): a stacked deal against bots on the local
 * table, and beside the board the rule that matters now. Each step is shown when its situation
 * arises (lessons.ts), whatever the person has played.
 */
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from '../components/Link.tsx';
import { isGameId } from '../games/types.ts';
import { LocalGame } from '../local/LocalGame.tsx';
import type { LocalOpen, LocalTableHandle } from '../local/useLocalTable.ts';
import { useLocalTable } from '../local/useLocalTable.ts';
import { useLocation } from '../router.ts';
import { paceFrom, playerName } from '../pages/PlayOfflinePage.tsx';
import type { GuideState, Lesson } from './lessons.ts';
import { advance, GUIDE_START, LESSONS } from './lessons.ts';

/** Bots move a little slower than in a game, so the person can watch the trick form. */
const TUTORIAL_PACE_MS = 700;

export default function TutorialPage({ game }: { game: string }) {
  const { t } = useTranslation(['tutorial', 'common']);
  const lesson = isGameId(game) ? LESSONS[game] : undefined;
  if (!lesson) {
    return (
      <main id="main" className="page">
        <h1>{t('tutorial:missing')}</h1>
        <p>
          <Link href="/" className="button">
            {t('common:app.backToLobby')}
          </Link>
        </p>
      </main>
    );
  }
  return <Tutorial lesson={lesson} />;
}

function Tutorial({ lesson }: { lesson: Lesson }) {
  const { t } = useTranslation(['tutorial', 'common']);
  const where = useLocation();
  const query = where.includes('?') ? where.slice(where.indexOf('?')) : '';
  const opening = useMemo(
    (): LocalOpen => ({
      type: 'open',
      key: `learn:${lesson.game}`,
      setup: { ...lesson.setup, name: playerName(t('common:name.default')) },
      paceMs: paceFrom(new URLSearchParams(query), TUTORIAL_PACE_MS),
    }),
    [lesson, query, t],
  );
  const table = useLocalTable(opening);
  const title = t('tutorial:title', { game: t(`common:games.${lesson.game}.name`) });
  return (
    <LocalGame
      game={lesson.game}
      table={table}
      title={title}
      panel={<Guide lesson={lesson} table={table} />}
      testId="tutorial-game"
    />
  );
}

/** The current step's explanation, and how many of the lesson's steps have come up. */
function Guide({ lesson, table }: { lesson: Lesson; table: LocalTableHandle }) {
  const { t } = useTranslation('tutorial');
  const [guide, setGuide] = useState<GuideState>(GUIDE_START);
  const update = table.update;
  const log = table.log;
  useEffect(() => {
    // A new game ("new game" clears the table until its first update) starts the guide over.
    if (!update) setGuide(GUIDE_START);
    else setGuide((g) => advance(lesson, g, { update, log: log.map((e) => e.event) }));
  }, [lesson, update, log]);
  const shown = guide.shown;
  const current = shown[shown.length - 1];
  return (
    <section
      className="panel tutorial-guide"
      aria-labelledby="guide-title"
      aria-live="polite"
      data-testid="tutorial-guide"
      data-step={current ?? ''}
    >
      <h2 id="guide-title" className="panel-title">
        {current ? t(`${lesson.game}.${current}.title`) : t('welcomeTitle')}
      </h2>
      <p>{current ? t(`${lesson.game}.${current}.text`) : t(`${lesson.game}.welcome`)}</p>
      <p className="muted tutorial-progress">
        {t('progress', { count: shown.length, total: lesson.steps.length })}
        {current === 'done' ? (
          <>
            {' '}
            <Link href="/" className="button small primary">
              {t('playReal')}
            </Link>
          </>
        ) : null}
      </p>
    </section>
  );
}
