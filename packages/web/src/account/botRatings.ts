/**
 * The bot levels' ratings on the players' scale (GET /api/bots/ratings; docs/server.md, "Bots on
 * the players' scale"), asked once per page load and shown with every level choice and bot seat.
 */
import type { BotLevelName, BotRatings } from '@matchbox/client';
import * as answers from '@matchbox/client/answers';
import type { TFunction } from 'i18next';
import { useEffect, useState } from 'react';
import { call } from '../api.ts';

let once: Promise<BotRatings | null> | null = null;

/** The ratings, or null while they load or when the server has none (offline, no accounts). */
export function useBotRatings(): BotRatings | null {
  const [ratings, setRatings] = useState<BotRatings | null>(null);
  useEffect(() => {
    let live = true;
    once ??= call('GET', '/api/bots/ratings', answers.botRatings).catch(() => {
      once = null;
      return null;
    });
    void once.then((r) => live && setRatings(r));
    return () => {
      live = false;
    };
  }, []);
  return ratings;
}

/**
 * A level's rating as shown: in one game its figure; across every game (the lobby's one choice
 * for all games) the figure, or the range when the games differ. Null when not known.
 */
export function levelRating(ratings: BotRatings | null, level: BotLevelName, game?: string): string | null {
  if (!ratings) return null;
  const figures = (game ? [ratings.games[game]] : Object.values(ratings.games))
    .map((levels) => levels?.[level])
    .filter((r): r is number => r !== undefined);
  if (figures.length === 0) return null;
  const low = Math.min(...figures);
  const high = Math.max(...figures);
  return low === high ? String(low) : `${low}–${high}`;
}

/** A level's name with its rating when known ("medium · 1500"). */
export function levelWords(
  t: TFunction,
  ratings: BotRatings | null,
  level: BotLevelName,
  game?: string,
): string {
  const name = t(`level.${level}`);
  const rating = levelRating(ratings, level, game);
  return rating === null ? name : t('level.rated', { level: name, rating });
}
