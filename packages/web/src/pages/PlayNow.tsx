/**
 * "Play now" with strangers (docs/server.md, "Pairing"): the lobby's button puts this person in
 * the pool of the game, player count and mode; this shows the wait (the countdown the pool's first
 * person started, who has joined, "Start with bots" and "Cancel") and opens the table once the
 * server has seated them. `usePairing` holds the seek and asks where it stands; `PlayNowWaiting`
 * draws it. A wait survives a reload: the lobby asks the server on its first render.
 */
import type { SeekBody, SeekStatus } from '@matchbox/client';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api, ApiError } from '../api.ts';
import { errorText } from '../errors.ts';
import { navigate } from '../router.ts';
import { Avatar } from '../table/Avatar.tsx';
import { saveTicket } from '../tickets.ts';

/** How often a waiting page asks where its seek stands (ms). */
const POLL_MS = 1_000;

export interface Pairing {
  /** Where the seek stands, or null when there is none. */
  readonly status: SeekStatus | null;
  /** The server's clock minus this page's, from the last answer (for the countdown). */
  readonly skew: number;
  readonly error: string | null;
  /** A request of the person's own is on its way. */
  readonly busy: boolean;
  /** Seeks a table; a refusal is thrown (the lobby shows it, and plays offline without a server). */
  seek(body: SeekBody): Promise<void>;
  start(): Promise<void>;
  cancel(): Promise<void>;
}

/** The seek of this browser (or member): asked once, then every second while it waits. */
export function usePairing(): Pairing {
  const { t } = useTranslation();
  const [status, setStatus] = useState<SeekStatus | null>(null);
  const [skew, setSkew] = useState(0);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const alive = useRef(true);
  useEffect(
    () => () => {
      alive.current = false;
    },
    [],
  );

  const take = useCallback((next: SeekStatus | null) => {
    if (!alive.current) return;
    if (next?.state === 'seated') {
      saveTicket({ ...next.ticket, game: next.game });
      navigate(`/t/${next.ticket.tableId}`);
      return;
    }
    if (next) setSkew(next.now - Date.now());
    setStatus(next);
  }, []);

  const ask = useCallback(
    async (request: () => Promise<SeekStatus | null>) => {
      try {
        take(await request());
      } catch (e) {
        if (e instanceof ApiError && e.code === 'not_seeking') return take(null);
        if (alive.current) setError(errorText(e, t));
      }
    },
    [take, t],
  );

  // A wait from before a reload is picked up again (none is answered `not_seeking`); a seek that
  // was seated before is over: its table is among the person's own.
  useEffect(() => {
    void ask(async () => {
      const now = await api.seekStatus();
      return now.state === 'seated' ? null : now;
    });
  }, [ask]);
  const waiting = status !== null;
  useEffect(() => {
    if (!waiting) return;
    const timer = setInterval(() => void ask(() => api.seekStatus()), POLL_MS);
    return () => clearInterval(timer);
  }, [waiting, ask]);
  // A page closed while it waits leaves the pool (a reload asks again above and keeps the seek).
  useEffect(() => {
    if (!waiting) return;
    const closing = () => void api.seekLeaving().catch(() => undefined);
    addEventListener('pagehide', closing);
    return () => removeEventListener('pagehide', closing);
  }, [waiting]);

  const own = (request: () => Promise<SeekStatus | null>) => async () => {
    setBusy(true);
    setError(null);
    await ask(request);
    if (alive.current) setBusy(false);
  };
  return {
    status,
    skew,
    error,
    busy,
    seek: async (body) => {
      try {
        take(await api.seek(body));
      } catch (e) {
        // A seek from another tab of this browser is on: show that one.
        if (!(e instanceof ApiError && e.code === 'already_seeking')) throw e;
        await ask(() => api.seekStatus());
      }
    },
    start: own(() => api.seekStart()),
    cancel: own(async () => {
      await api.seekCancel();
      return null;
    }),
  };
}

/** Seconds left until `startsAt` (server time), on this page's clock corrected by `skew`. */
export function secondsLeft(startsAt: number, skew: number, now = Date.now()): number {
  return Math.max(0, Math.ceil((startsAt - (now + skew)) / 1000));
}

/** Redraws every quarter second while shown (the countdown). */
function useTick(): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), 250);
    return () => clearInterval(timer);
  }, []);
  return now;
}

/** The wait for a table: the countdown, who has joined, "Start with bots" and "Cancel". */
export function PlayNowWaiting({ pairing }: { pairing: Pairing }) {
  const { t } = useTranslation();
  const now = useTick();
  const { status, busy } = pairing;
  if (!status || status.state === 'seated') return null;
  const game = t(`games.${status.game}.name`, { defaultValue: status.game });
  return (
    <section
      className="panel play-now-wait"
      aria-labelledby="play-now-wait-title"
      data-pairing={status.state}
    >
      <h2 id="play-now-wait-title" className="panel-title">
        {t('pairing.title', { game, count: status.players })}
      </h2>
      {status.state === 'waiting' ? (
        <>
          <p className="play-now-countdown" role="status" aria-live="polite" aria-atomic="true">
            {t('pairing.countdown', { count: secondsLeft(status.startsAt, pairing.skew, now) })}
          </p>
          <p className="muted">
            {t('pairing.seats', { joined: status.people.length, count: status.players })}
          </p>
          <ul className="play-now-people" aria-label={t('pairing.people')}>
            {status.people.map((p, i) => (
              <li key={`${i}-${p.name}`}>
                <Avatar avatar={p.avatar} name={p.name} size={28} />
                <span>{p.name}</span>
              </li>
            ))}
          </ul>
        </>
      ) : (
        <p role="status" aria-live="polite">
          {t('pairing.claimed')}
        </p>
      )}
      {pairing.error ? (
        <p className="error" role="alert">
          {pairing.error}
        </p>
      ) : null}
      <p className="play-now-buttons">
        {status.state === 'waiting' ? (
          <button
            type="button"
            className="button primary"
            disabled={busy}
            onClick={() => void pairing.start()}
          >
            {t('pairing.startWithBots')}
          </button>
        ) : null}
        <button type="button" className="button" disabled={busy} onClick={() => void pairing.cancel()}>
          {t('pairing.cancel')}
        </button>
      </p>
    </section>
  );
}
