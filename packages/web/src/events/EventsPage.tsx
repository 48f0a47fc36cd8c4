/** `/events`: today's and this week's duplicate events of every game, then the ones just closed. */
import type { EventSummary } from '@matchbox/client';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from '../components/Link.tsx';
import { eventsApi } from './api.ts';
import { errorWords, eventName } from './words.ts';
import './events.css';

export default function EventsPage() {
  const { t } = useTranslation(['common', 'events', 'errors']);
  const [events, setEvents] = useState<EventSummary[] | null>(null);
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    document.title = `${t('events.title')} · ${t('app.name')}`;
    eventsApi.list().then(setEvents, (e: unknown) => setError(errorWords(e, t)));
  }, [t]);
  const open = events?.filter((e) => e.status === 'open') ?? [];
  const closed = events?.filter((e) => e.status === 'closed') ?? [];
  return (
    <main id="main" className="page events-page" aria-busy={events === null && !error}>
      <h1>{t('events.title')}</h1>
      <p className="muted">{t('events:intro')}</p>
      {error ? (
        <p className="error" role="alert">
          {error}
        </p>
      ) : null}
      <EventList title={t('events:open')} events={open} />
      {closed.length > 0 ? <EventList title={t('events:closed')} events={closed} /> : null}
    </main>
  );
}

function EventList({ title, events }: { title: string; events: readonly EventSummary[] }) {
  const { t } = useTranslation(['common', 'events']);
  return (
    <section className="panel" aria-label={title}>
      <h2 className="panel-title">{title}</h2>
      <ul className="table-list events-list">
        {events.map((e) => (
          <li key={e.id} data-event={e.id}>
            <span className="table-game">{eventName(e, t)}</span>
            <span className="table-meta">
              {t('events:deals', { count: e.deals })} · {t('events:entrants', { count: e.entrants })}
            </span>
            <span className="table-actions">
              <Link className="button small" href={`/events/${e.id}`}>
                {e.status === 'open' ? t('events:play') : t('events:results')}
              </Link>
            </span>
          </li>
        ))}
      </ul>
    </section>
  );
}
