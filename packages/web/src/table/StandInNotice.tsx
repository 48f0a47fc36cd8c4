/**
 * Said to a person whose seat a stand-in bot plays (they were away, or had no connection for a
 * while): why, and "Take my seat back", which returns the seat at once (any move of theirs does
 * too). docs/server.md, "Stand-ins and turn limits".
 */
import type { ActAck, StandInReason } from '@matchbox/client';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import './turn-clock.css';
import { ERRORS_NS, refusalText } from '../errors.ts';

export function StandInNotice({ reason, back }: { reason: StandInReason; back: () => Promise<ActAck> }) {
  const { t } = useTranslation(['common', ERRORS_NS]);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const takeBack = async () => {
    setBusy(true);
    setError(null);
    const ack = await back();
    setBusy(false);
    if (!ack.ok) setError(refusalText(ack.error, t));
  };
  return (
    <div className="notice stand-in-notice" role="status" data-testid="stand-in-notice">
      <p>{t(reason === 'away' ? 'standIn.youAway' : 'standIn.youAbsent')}</p>
      <button
        type="button"
        className="button primary small"
        data-testid="take-seat-back"
        disabled={busy}
        onClick={() => void takeBack()}
      >
        {t('standIn.takeBack')}
      </button>
      {error ? (
        <p className="error" role="alert">
          {error}
        </p>
      ) : null}
    </div>
  );
}
