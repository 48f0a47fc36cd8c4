/**
 * `/events/:id`: one duplicate event. Enter it (or go back to your table), the standings with each
 * entrant's result and matchpoints on every deal, and, once you finished (or it closed), everyone's
 * play of the same cards in the replay.
 */
import type { EventDetail, EventStanding, EventTicket } from '@matchbox/client';
import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from '../components/Link.tsx';
import { useAccount } from '../account/session.ts';
import { navigate } from '../router.ts';
import { storeName, storedName, validName } from '../settings.ts';
import { eventTicket, eventsApi } from './api.ts';
import { errorWords, eventName } from './words.ts';
import './events.css';

type Play = { name: string; guest: boolean; tableId: string; finished: boolean };

export default function EventPage({ id }: { id: string }) {
  const { t } = useTranslation(['common', 'events', 'errors']);
  const [event, setEvent] = useState<EventDetail | null>(null);
  const [plays, setPlays] = useState<Play[] | null>(null);
  const [error, setError] = useState<string | null>(null);
  const ticket = eventTicket(id);
  const load = useCallback(() => {
    eventsApi.detail(id).then(setEvent, (e: unknown) => setError(errorWords(e, t)));
    if (ticket)
      eventsApi.tables(id, ticket).then(
        (r) => setPlays(r.tables),
        () => setPlays(null),
      );
    // The ticket is read from storage at each render; the event's id decides what to load.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [id, t]);
  useEffect(() => {
    load();
    const timer = setInterval(load, 15_000);
    return () => clearInterval(timer);
  }, [load]);
  useEffect(() => {
    if (event) document.title = `${eventName(event, t)} · ${t('app.name')}`;
  }, [event, t]);

  if (!event)
    return (
      <main id="main" className="page events-page" aria-busy={!error}>
        <h1>{t('events.title')}</h1>
        {error ? (
          <p className="error" role="alert">
            {error}
          </p>
        ) : null}
      </main>
    );
  return (
    <main id="main" className="page events-page" data-event={event.id}>
      <p>
        <Link href="/events">{t('events:all')}</Link>
      </p>
      <h1>{eventName(event, t)}</h1>
      <p className="muted">
        {t('events:about', {
          count: event.deals,
          players: event.players - 1,
          level: t(`level.${event.level}`),
        })}{' '}
        {event.status === 'open'
          ? t('events:closesAt', {
              time: new Date(event.closesAt).toISOString().slice(0, 16).replace('T', ' '),
            })
          : t('events:isClosed')}
      </p>
      <EntryPanel event={event} ticket={ticket} finished={plays !== null} onError={setError} />
      {error ? (
        <p className="error" role="alert">
          {error}
        </p>
      ) : null}
      <Standings event={event} plays={plays} ticket={ticket} />
    </main>
  );
}

/** Play the event, or go back to your table; once finished, a word on the replays. */
function EntryPanel({
  event,
  ticket,
  finished,
  onError,
}: {
  event: EventDetail;
  ticket: EventTicket | null;
  finished: boolean;
  onError: (message: string) => void;
}) {
  const { t } = useTranslation(['common', 'events', 'errors']);
  const me = useAccount();
  const [name, setName] = useState(storedName());
  const [busy, setBusy] = useState(false);
  if (ticket && finished) return <p className="panel">{t('events:finished')}</p>;
  if (ticket)
    return (
      <p className="panel">
        <Link className="button primary" href={`/t/${ticket.tableId}`}>
          {t('events:continue')}
        </Link>
      </p>
    );
  if (event.status !== 'open') return null;
  const enter = () => {
    setBusy(true);
    if (!me) storeName(name);
    eventsApi.enter(event.id, me?.name ?? name, event.game).then(
      (got) => navigate(`/t/${got.tableId}`),
      (e: unknown) => {
        setBusy(false);
        onError(errorWords(e, t));
      },
    );
  };
  return (
    <section className="panel event-entry" aria-label={t('events:play')}>
      {me ? null : (
        <label className="field">
          <span>{t('events:yourName')}</span>
          <input value={name} maxLength={32} onChange={(e) => setName(e.target.value)} />
        </label>
      )}
      <button
        type="button"
        className="button primary"
        disabled={busy || (!me && !validName(name))}
        onClick={enter}
      >
        {t('events:play')}
      </button>
      <p className="muted small">{me ? t('events:once') : t('events:guest')}</p>
    </section>
  );
}

/** The ranking (members, then guests apart), each deal's result and matchpoints. */
function Standings({
  event,
  plays,
  ticket,
}: {
  event: EventDetail;
  plays: Play[] | null;
  ticket: EventTicket | null;
}) {
  const { t } = useTranslation(['common', 'events']);
  const members = event.standings.filter((s) => !s.guest);
  const guests = event.standings.filter((s) => s.guest);
  return (
    <section className="panel" aria-labelledby="standings-title">
      <h2 id="standings-title" className="panel-title">
        {event.status === 'open' ? t('events:standingsLive') : t('events:standingsFinal')}
      </h2>
      {event.standings.length === 0 ? <p className="muted">{t('events:nobody')}</p> : null}
      {members.length > 0 ? (
        <StandingsTable event={event} lines={members} plays={plays} ticket={ticket} />
      ) : null}
      {guests.length > 0 ? (
        <>
          <h3>{t('events:guests')}</h3>
          <StandingsTable event={event} lines={guests} plays={plays} ticket={ticket} />
        </>
      ) : null}
      <p className="muted small">{t('events:matchpoints')}</p>
    </section>
  );
}

function StandingsTable({
  event,
  lines,
  plays,
  ticket,
}: {
  event: EventDetail;
  lines: readonly EventStanding[];
  plays: Play[] | null;
  ticket: EventTicket | null;
}) {
  const { t } = useTranslation(['common', 'events']);
  const sorted = [...lines].sort((a, b) => a.rank - b.rank);
  /** Where a line's play can be watched: after closing, or for a finished entrant. */
  const replayOf = (line: EventStanding): string | null => {
    if (line.tableId) return `/replay/${line.tableId}`;
    const play = plays?.find((p) => p.name === line.name && p.guest === line.guest && p.finished);
    if (!play) return null;
    return play.tableId === ticket?.tableId
      ? `/replay/${play.tableId}`
      : `/replay/${play.tableId}?event=${event.id}`;
  };
  return (
    <div className="standings-wrap">
      <table className="standings">
        <thead>
          <tr>
            <th scope="col">#</th>
            <th scope="col">{t('events:player')}</th>
            <th scope="col">{t('events:score')}</th>
            {Array.from({ length: event.deals }, (_, d) => (
              <th key={d} scope="col" className="deal">
                {t('events:deal', { n: d + 1 })}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {sorted.map((line, i) => {
            const replay = replayOf(line);
            return (
              <tr key={`${line.name}-${i}`} data-rank={line.rank}>
                <td>{line.rank}</td>
                <td>
                  {replay ? <Link href={replay}>{line.name}</Link> : line.name}
                  {line.finished ? null : <span className="muted"> · {t('events.playing')}</span>}
                </td>
                <td>{line.score.toFixed(1)}%</td>
                {line.deals.map((d, k) => (
                  <td key={k} className="deal">
                    {d ? (
                      <>
                        {d.result}
                        <small>{Math.round(d.matchpoints)}%</small>
                      </>
                    ) : (
                      '–'
                    )}
                  </td>
                ))}
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}
