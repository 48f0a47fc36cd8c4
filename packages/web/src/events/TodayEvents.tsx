/** The lobby's line of today's duplicate events: each game's, with how many have played it. */
import type { EventSummary } from '@matchbox/client';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from '../components/Link.tsx';
import { eventsApi } from './api.ts';
import './events.css';

export function TodayEvents() {
  const { t } = useTranslation();
  const [events, setEvents] = useState<EventSummary[]>([]);
  useEffect(() => {
    eventsApi.list().then(
      (all) => setEvents(all.filter((e) => e.status === 'open' && e.kind === 'daily')),
      () => setEvents([]),
    );
  }, []);
  if (events.length === 0) return null;
  return (
    <section className="panel today-events" aria-labelledby="today-events-title">
      <h2 id="today-events-title" className="panel-title">
        <Link href="/events">{t('events.today')}</Link>
      </h2>
      <ul className="today-events-list">
        {events.map((e) => (
          <li key={e.id}>
            <Link href={`/events/${e.id}`} data-event={e.id}>
              <b>{t(`games.${e.game}.name`, { defaultValue: e.game })}</b>{' '}
              <span className="muted">{t('events.played', { count: e.finished })}</span>
            </Link>
          </li>
        ))}
      </ul>
    </section>
  );
}
