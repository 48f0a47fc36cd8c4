import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import type { LogEntry } from './useTable.ts';

/** The game log in words, newest last; each line shows the event's notation on hover and focus. */
export function GameLog({
  entries,
  describe,
}: {
  entries: readonly LogEntry[];
  describe: (e: unknown) => string;
}) {
  const { t } = useTranslation();
  const list = useRef<HTMLOListElement>(null);
  useEffect(() => {
    const el = list.current;
    if (el) el.scrollTop = el.scrollHeight;
  }, [entries.length]);
  const shown = entries.slice(-300);
  return (
    <section className="panel log" aria-labelledby="log-title">
      <h2 id="log-title" className="panel-title">
        {t('table.log')}
      </h2>
      {shown.length === 0 ? (
        <p className="muted">{t('table.logEmpty')}</p>
      ) : (
        <ol className="log-list" ref={list} tabIndex={0} aria-label={t('table.log')}>
          {shown.map((e) => (
            <li key={e.id}>{describe(e.event)}</li>
          ))}
        </ol>
      )}
    </section>
  );
}
