/**
 * A person paused from pairing for leaving games (docs/server.md, "Leaving has a cost") is told so
 * in the lobby before they press "Play now": how many games they left, and when the pause ends
 * (today's time, or the date and time when it ends on another day). Asked once when the lobby
 * opens; the note goes when the pause ends. Nothing is shown without a server or a pause.
 */
import type { PairingPause } from '@matchbox/client';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api } from '../api.ts';
import './pairing-pause.css';

/** The end of a pause in the reader's language: a time today, else a date and a time. */
export function pauseEnd(until: number, language: string | undefined, now = Date.now()): string {
  const end = new Date(until);
  const sameDay = end.toDateString() === new Date(now).toDateString();
  const style: Intl.DateTimeFormatOptions = sameDay
    ? { timeStyle: 'short' }
    : { dateStyle: 'medium', timeStyle: 'short' };
  return new Intl.DateTimeFormat(language, style).format(end);
}

/** This person's pause, asked once; null without one (or while the server cannot be reached). */
function usePairingPause(): PairingPause | null {
  const [pause, setPause] = useState<PairingPause | null>(null);
  useEffect(() => {
    let alive = true;
    api.pause().then(
      (p) => alive && setPause(p),
      () => undefined,
    );
    return () => {
      alive = false;
    };
  }, []);
  useEffect(() => {
    if (!pause) return;
    const timer = setTimeout(() => setPause(null), Math.max(0, pause.until - Date.now()));
    return () => clearTimeout(timer);
  }, [pause]);
  return pause;
}

export function PairingPauseNote() {
  const { t, i18n } = useTranslation();
  const pause = usePairingPause();
  if (!pause) return null;
  return (
    <div className="notice pairing-pause" role="status" data-testid="pairing-pause">
      <p>
        {t('pairingPause.left', { count: pause.leaves, until: pauseEnd(pause.until, i18n.resolvedLanguage) })}
      </p>
      <p className="muted">{t('pairingPause.meanwhile')}</p>
    </div>
  );
}
