/** How the events' pages name an event and word a refusal (English and German: i18n `common`). */
import type { EventSummary } from '@matchbox/client';
import type { useTranslation } from 'react-i18next';
import { ApiError } from '../api.ts';

type T = ReturnType<typeof useTranslation>['t'];

/** "MatchMaster, daily (29 Nov)". */
export function eventName(e: Pick<EventSummary, 'game' | 'kind' | 'date'>, t: T): string {
  return t(`events.name.${e.kind}`, {
    game: t(`games.${e.game}.name`, { defaultValue: e.game }),
    date: e.date,
  });
}

export function errorWords(e: unknown, t: T): string {
  return e instanceof ApiError ? t(`errors:${e.code}`, { defaultValue: e.message }) : String(e);
}
