import type { RatedStatus } from '@matchbox/client';
import { useTranslation } from 'react-i18next';

/**
 * Whether the game counts for the ratings, fixed when it started: "Rated", or "Unrated" with the
 * reason in words (docs/server.md, "Ratings"). Nothing before the start.
 */
export function RatedNote({
  rated,
  where = 'title',
}: {
  rated: RatedStatus | null | undefined;
  /** In the table's title (wide screens), or the players' panel (phones, where the title is cut). */
  where?: 'title' | 'seats';
}) {
  const { t } = useTranslation();
  if (!rated) return null;
  if (rated.rated)
    return (
      <span
        className={`tag tag-rated rated-${where}`}
        data-testid="rated"
        title={t('table.rating.ratedTitle')}
      >
        {t('table.rating.rated')}
      </span>
    );
  return (
    <span className={`tag tag-unrated rated-${where}`} data-testid="rated">
      {t('table.rating.unrated', { reason: t(`table.rating.reasons.${rated.reason ?? 'format'}`) })}
    </span>
  );
}
