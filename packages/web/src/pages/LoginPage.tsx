/**
 * Log in or create an account (optional: guests play without one). After logging in, the seats
 * this browser held as a guest belong to the account too (account/session.ts).
 */
import type { FormEvent } from 'react';
import { useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../api.ts';
import { logIn, useAccount } from '../account/session.ts';
import { Link } from '../components/Link.tsx';
import { navigate } from '../router.ts';

type Mode = 'login' | 'signup';

export default function LoginPage() {
  const { t } = useTranslation('account');
  const account = useAccount();
  const [mode, setMode] = useState<Mode>('login');
  const [name, setName] = useState('');
  const [password, setPassword] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const id = useId();

  useEffect(() => {
    document.title = `${t('login.title')} · matchbox`;
  }, [t]);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setBusy(true);
    setError(null);
    try {
      const me = await logIn(mode, name.trim(), password);
      navigate(`/players/${encodeURIComponent(me.name)}`);
    } catch (err) {
      setError(
        err instanceof ApiError ? t(`errors.${err.code}`, { defaultValue: err.message }) : String(err),
      );
      setBusy(false);
    }
  };

  return (
    <main id="main" className="page narrow account-page">
      <h1>{t('login.title')}</h1>
      <p className="muted">{t('login.intro')}</p>
      {account ? (
        <p className="account-done" role="status">
          {t('login.loggedIn', { name: account.name })}{' '}
          <Link href={`/players/${encodeURIComponent(account.name)}`}>{t('login.toProfile')}</Link> ·{' '}
          <Link href="/">{t('login.toLobby')}</Link>
        </p>
      ) : null}
      <div className="panel">
        <div className="tabs" role="tablist" aria-label={t('login.title')}>
          {(['login', 'signup'] as const).map((m) => (
            <button
              key={m}
              type="button"
              role="tab"
              className={`tab${mode === m ? ' active' : ''}`}
              aria-selected={mode === m}
              data-mode={m}
              onClick={() => {
                setMode(m);
                setError(null);
              }}
            >
              {m === 'login' ? t('login.logInTab') : t('login.signUpTab')}
            </button>
          ))}
        </div>
        <form className="account-form" onSubmit={(e) => void submit(e)}>
          <label className="field">
            <span>{t('login.name')}</span>
            <input
              name="name"
              value={name}
              maxLength={24}
              required
              autoComplete="username"
              aria-describedby={mode === 'signup' ? `${id}-name` : undefined}
              onChange={(e) => setName(e.target.value)}
            />
          </label>
          {mode === 'signup' ? (
            <p id={`${id}-name`} className="hint muted">
              {t('login.nameHint')}
            </p>
          ) : null}
          <label className="field">
            <span>{t('login.password')}</span>
            <input
              name="password"
              type="password"
              value={password}
              maxLength={200}
              required
              autoComplete={mode === 'signup' ? 'new-password' : 'current-password'}
              aria-describedby={mode === 'signup' ? `${id}-password` : undefined}
              onChange={(e) => setPassword(e.target.value)}
            />
          </label>
          {mode === 'signup' ? (
            <p id={`${id}-password`} className="hint muted">
              {t('login.passwordHint')}
            </p>
          ) : null}
          {error ? (
            <p className="error" role="alert">
              {error}
            </p>
          ) : null}
          <button type="submit" className="button primary" disabled={busy} aria-busy={busy}>
            {mode === 'login' ? t('login.logIn') : t('login.signUp')}
          </button>
        </form>
      </div>
    </main>
  );
}
