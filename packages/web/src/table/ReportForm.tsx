/**
 * Reporting a person: the reason from the server's closed list, an optional note (bounded as the
 * server bounds it), send or cancel. The table's recent chat goes with the report on the server's
 * side, so the reader is told it does.
 */
import type { ReportReason } from '@matchbox/client';
import { REPORT_NOTE_MAX, REPORT_REASONS } from '@matchbox/client/vocabulary';
import type { TFunction } from 'i18next';
import { useState } from 'react';
import type { Blocks } from './useBlocks.ts';

/** The form, where the report began: at a seat (the seats panel) or a chat line (the chat). */
export function ReportForm({ blocks, t, of }: { blocks: Blocks; t: TFunction; of: 'seat' | 'line' }) {
  const [reason, setReason] = useState<ReportReason>('abuse');
  const [note, setNote] = useState('');
  const [busy, setBusy] = useState(false);
  if (!blocks.reporting || !(of in blocks.reporting.target)) return null;
  return (
    <form
      className="report-form"
      aria-label={t('report.title', { name: blocks.reporting.name })}
      onSubmit={(e) => {
        e.preventDefault();
        setBusy(true);
        void blocks.send(reason, note).then((sent) => {
          setBusy(false);
          if (sent) setNote('');
        });
      }}
    >
      <p className="report-title">{t('report.title', { name: blocks.reporting.name })}</p>
      <label>
        {t('report.reason')}{' '}
        <select value={reason} onChange={(e) => setReason(e.target.value as ReportReason)}>
          {REPORT_REASONS.map((r) => (
            <option key={r} value={r}>
              {t(`report.reasons.${r}`)}
            </option>
          ))}
        </select>
      </label>
      <label className="report-note">
        {t('report.note')}
        <textarea
          value={note}
          maxLength={REPORT_NOTE_MAX}
          rows={2}
          onChange={(e) => setNote(e.target.value)}
        />
      </label>
      <p className="muted report-chat">{t('report.withChat')}</p>
      <div className="report-buttons">
        <button type="submit" className="button small primary" disabled={busy}>
          {t('report.send')}
        </button>
        <button type="button" className="button small" onClick={blocks.cancel}>
          {t('report.cancel')}
        </button>
      </div>
    </form>
  );
}
