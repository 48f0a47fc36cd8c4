/**
 * A seat on the felt whose person a stand-in bot plays for (away after two run-out clocks, or
 * gone for longer than the grace): a small bot badge with a word, where a game's seat chip shows
 * the person's presence. The players panel says the same in full (Seats.tsx).
 */
import type { StandInReason } from '@matchbox/client';
import { useTranslation } from 'react-i18next';
import './turn-clock.css';

export function StandInMark({ reason }: { reason: StandInReason }) {
  const { t } = useTranslation();
  return (
    <span
      className="stand-in-mark"
      data-stand-in={reason}
      title={t(reason === 'away' ? 'standIn.seatAway' : 'standIn.seatAbsent')}
    >
      <svg className="stand-in-mark-bot" viewBox="0 0 16 16" width="12" height="12" aria-hidden="true">
        <rect x="2" y="5" width="12" height="9" rx="2" fill="currentColor" />
        <rect x="7.25" y="1.5" width="1.5" height="3.5" fill="currentColor" />
        <circle cx="5.5" cy="9.5" r="1.4" fill="var(--stand-in-eyes, #fff)" />
        <circle cx="10.5" cy="9.5" r="1.4" fill="var(--stand-in-eyes, #fff)" />
      </svg>
      {t('standIn.mark')}
    </span>
  );
}
