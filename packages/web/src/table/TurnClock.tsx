/**
 * The turn clock at the seat whose turn it is: a bar that drains from full to empty as the turn's
 * time (`seconds`, the table's clock) runs out towards `deadlineAt`. A slow game's clock (days a
 * move) is not drawn: it is said in words beside the turn instead.
 */
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import './turn-clock.css';

/** A turn longer than this is a slow game's: no bar. */
const LONGEST_BAR_SECONDS = 2 * 60 * 60;

export function TurnClock({ deadlineAt, seconds }: { deadlineAt: number; seconds: number | null }) {
  const { t } = useTranslation();
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), 250);
    return () => clearInterval(timer);
  }, [deadlineAt]);
  if (seconds === null || seconds > LONGEST_BAR_SECONDS) return null;
  const left = Math.max(0, deadlineAt - now);
  const share = Math.min(1, left / (seconds * 1000));
  const secondsLeft = Math.ceil(left / 1000);
  return (
    <span
      className={`turn-clock${share < 0.25 ? ' turn-clock-low' : ''}`}
      role="progressbar"
      aria-label={t('seat.clock', { seconds: secondsLeft })}
      aria-valuemin={0}
      aria-valuemax={seconds}
      // During the table's pause after a hand the deadline lies further off than a turn's time.
      aria-valuenow={Math.min(seconds, secondsLeft)}
      data-testid="turn-clock"
    >
      <span className="turn-clock-fill" style={{ inlineSize: `${Math.round(share * 1000) / 10}%` }} />
    </span>
  );
}
