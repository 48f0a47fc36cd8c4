/** The header's account corner: "Log in" for a guest; the member's name (its profile) and "Log out". */
import { useTranslation } from 'react-i18next';
import { accountTickets } from '@matchbox/client/answers';
import { accountRequest, logOut, useAccount } from '../account/session.ts';
import { GAME_IDS } from '../games/types.ts';
import { forgetTicket } from '../tickets.ts';
import { navigate } from '../router.ts';
import { Link } from './Link.tsx';
import '../account/account.css';

export function AccountMenu() {
  // The account words load with the first page that needs them; the header waits for nobody.
  const { t, ready } = useTranslation('account', { useSuspense: false });
  const account = useAccount();
  if (!ready || account === undefined) return null;
  if (account === null)
    return (
      <nav className="account-menu" aria-label={t('header.logIn')}>
        <Link href={`/leaderboard/${GAME_IDS[0]}`} className="header-link boards">
          {t('header.leaderboards')}
        </Link>
        <Link href="/login" className="header-link" data-testid="log-in">
          {t('header.logIn')}
        </Link>
      </nav>
    );
  const leave = async () => {
    // The member's seats leave this browser with the session (a shared computer keeps none).
    const mine = await accountRequest('GET', '/api/account/tables', accountTickets).catch(() => null);
    for (const ticket of mine?.tickets ?? []) forgetTicket(ticket.tableId);
    await logOut().catch(() => undefined);
    navigate('/');
  };
  return (
    <nav className="account-menu" aria-label={t('header.profile', { name: account.name })}>
      <Link href={`/leaderboard/${GAME_IDS[0]}`} className="header-link boards">
        {t('header.leaderboards')}
      </Link>
      <Link
        href={`/players/${encodeURIComponent(account.name)}`}
        className="header-link account-name"
        aria-label={t('header.profile', { name: account.name })}
        data-testid="account-name"
      >
        {account.name}
      </Link>
      <button type="button" className="button small" onClick={() => void leave()}>
        {t('header.logOut')}
      </button>
    </nav>
  );
}
