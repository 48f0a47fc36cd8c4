/**
 * The people this browser's person blocked (a member's blocks on every device; a guest's in this
 * browser), newest first, each with "Unblock" (docs/server.md, "Reports and blocks"). A blocked
 * person is never paired with the blocker and their chat is hidden from them.
 */
import type { BlockEntry } from '@matchbox/client';
import type { TFunction } from 'i18next';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDate } from '../account/format.ts';
import { Link } from '../components/Link.tsx';
import { ERRORS_NS, errorText } from '../errors.ts';
import { blocksApi } from '../table/blocks.ts';
import '../account/account.css';

/** The page's list, its loading and its refusals. */
function useBlockList(t: TFunction) {
  const [blocks, setBlocks] = useState<readonly BlockEntry[] | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState<string | null>(null);
  const [lifted, setLifted] = useState<string | null>(null);
  const refusal = (e: unknown) => setError(errorText(e, t));

  useEffect(() => {
    blocksApi.list().then(setBlocks, refusal);
    // Loaded once per visit of the page.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  const unblock = async (entry: BlockEntry) => {
    if (busy) return;
    setBusy(entry.id);
    setError(null);
    try {
      await blocksApi.unblock(entry.id);
      setBlocks((now) => (now ?? []).filter((b) => b.id !== entry.id));
      setLifted(entry.name);
    } catch (e) {
      refusal(e);
    } finally {
      setBusy(null);
    }
  };
  return { blocks, error, busy, lifted, unblock };
}

export default function BlocksPage() {
  const { t, i18n } = useTranslation(['account', ERRORS_NS]);
  const lang = i18n.resolvedLanguage ?? 'en';
  const { blocks, error, busy, lifted, unblock } = useBlockList(t);

  useEffect(() => {
    document.title = `${t('blocks.title')} · matchbox`;
  }, [t]);

  return (
    <main id="main" className="page narrow account-page blocks-page" aria-busy={blocks === null}>
      <h1>{t('blocks.title')}</h1>
      <p className="muted">{t('blocks.intro')}</p>
      {error ? (
        <p className="error" role="alert">
          {error}
        </p>
      ) : null}
      <p role="status" className="muted" data-testid="blocks-status">
        {lifted ? t('blocks.lifted', { name: lifted }) : ''}
      </p>
      {blocks === null ? null : blocks.length === 0 ? (
        <p data-testid="blocks-empty">{t('blocks.none')}</p>
      ) : (
        <ul className="block-list" data-testid="block-list">
          {blocks.map((b) => (
            <li key={b.id} data-block={b.id}>
              <span className="block-name">{b.name}</span>{' '}
              <span className="muted">{t('blocks.since', { date: formatDate(b.at, lang) })}</span>{' '}
              <button
                type="button"
                className="button small"
                disabled={busy !== null}
                aria-label={t('blocks.unblockName', { name: b.name })}
                onClick={() => void unblock(b)}
              >
                {t('blocks.unblock')}
              </button>
            </li>
          ))}
        </ul>
      )}
      <p>
        <Link href="/">{t('blocks.back')}</Link>
      </p>
    </main>
  );
}
