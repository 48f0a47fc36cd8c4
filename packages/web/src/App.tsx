/** The app: the header with the language switch, and one page per route. */
import { lazy, Suspense, useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Header } from './components/Header.tsx';
import { Link } from './components/Link.tsx';
import { Lobby } from './pages/Lobby.tsx';
import { useRoute } from './router.ts';
import { preloadTable } from './table/preload.ts';

const TablePage = lazy(() => import('./pages/TablePage.tsx'));
const JoinPage = lazy(() => import('./pages/JoinPage.tsx'));
const RulesPage = lazy(() => import('./pages/RulesPage.tsx'));
const LoginPage = lazy(() => import('./pages/LoginPage.tsx'));
const ProfilePage = lazy(() => import('./pages/ProfilePage.tsx'));
const LeaderboardPage = lazy(() => import('./pages/LeaderboardPage.tsx'));
const PadPage = lazy(() => import('./pad/PadPage.tsx'));
const ReplayPage = lazy(() => import('./replay/ReplayPage.tsx'));
const PlayOfflinePage = lazy(() => import('./pages/PlayOfflinePage.tsx'));
// The daily puzzle: a MATCHET Solitaire B deal (the page imports the game, never the other way).
const DailyPage = lazy(() => import('./pages/DailyPage.tsx'));
const EventsPage = lazy(() => import('./events/EventsPage.tsx'));
const EventPage = lazy(() => import('./events/EventPage.tsx'));
const TutorialPage = lazy(() => import('./tutorial/TutorialPage.tsx'));
const BlocksPage = lazy(() => import('./pages/BlocksPage.tsx'));

export function App() {
  const route = useRoute();
  const { t } = useTranslation();
  useFocusOnNavigation(route.name === 'missing' ? route.path : JSON.stringify(route));
  let page;
  switch (route.name) {
    case 'lobby':
      page = <Lobby />;
      break;
    case 'table':
      // The summary, the board and the words load beside the table page's chunk, not after it.
      preloadTable(route.tableId);
      page = <TablePage key={route.tableId} tableId={route.tableId} />;
      break;
    case 'join':
      page = <JoinPage key={route.tableId} tableId={route.tableId} invite={route.invite} />;
      break;
    case 'rules':
      page = <RulesPage key={route.game} game={route.game} />;
      break;
    case 'login':
      page = <LoginPage />;
      break;
    case 'profile':
      page = <ProfilePage key={route.player} name={route.player} />;
      break;
    case 'leaderboard':
      page = <LeaderboardPage key={route.game} game={route.game} />;
      break;
    case 'pad':
      page = <PadPage game={route.game} padId={route.padId} fresh={route.fresh} />;
      break;
    case 'replay':
      page = (
        <ReplayPage
          key={(route.tableId ?? '') + (route.event ?? '')}
          tableId={route.tableId}
          event={route.event ?? null}
        />
      );
      break;
    case 'events':
      page = <EventsPage />;
      break;
    case 'event':
      page = <EventPage key={route.id} id={route.id} />;
      break;
    case 'play':
      page = <PlayOfflinePage key={route.mode + route.query} mode={route.mode} query={route.query} />;
      break;
    case 'daily':
      page = <DailyPage key={route.query} query={route.query} />;
      break;
    case 'learn':
      page = <TutorialPage key={route.game} game={route.game} />;
      break;
    case 'blocks':
      page = <BlocksPage />;
      break;
    case 'missing':
      page = <MissingPage />;
      break;
  }
  return (
    <>
      <a className="skip-link" href="#main">
        {t('app.skip')}
      </a>
      <Header />
      <Suspense
        fallback={
          <main id="main" className="page" aria-busy="true">
            <p className="loading">{t('app.loading')}</p>
          </main>
        }
      >
        {page}
      </Suspense>
    </>
  );
}

/** An address the app does not know (the server answers it with 404 and this page). */
function MissingPage() {
  const { t } = useTranslation();
  useEffect(() => {
    document.title = `${t('missing.title')} · ${t('app.name')}`;
  }, [t]);
  return (
    <main id="main" className="page narrow">
      <h1>{t('missing.title')}</h1>
      <p>{t('missing.text')}</p>
      <p>
        <Link href="/">{t('app.backToLobby')}</Link>
      </p>
    </main>
  );
}

/**
 * After an in-app navigation, focus goes to the new page's main content (as after a page load),
 * so that keyboard and screen-reader users start there rather than on the link they left.
 */
function useFocusOnNavigation(key: string): void {
  const first = useRef(true);
  useEffect(() => {
    if (first.current) {
      first.current = false;
      return;
    }
    const timer = setTimeout(() => {
      const main = document.getElementById('main');
      if (!main || main.contains(document.activeElement)) return;
      main.tabIndex = -1;
      main.focus({ preventScroll: true });
    }, 50);
    return () => clearTimeout(timer);
  }, [key]);
}
