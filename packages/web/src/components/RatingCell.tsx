/** A rating in a table cell, in the reader's number format, marked while it is provisional. */
import type { ReactElement } from 'react';
import { useTranslation } from 'react-i18next';
import { formatNumber } from '../account/format.ts';

export function RatingCell({ rating, provisional }: { rating: number; provisional: boolean }): ReactElement {
  const { t, i18n } = useTranslation('account');
  return (
    <td className="num rating">
      {formatNumber(rating, i18n.resolvedLanguage ?? 'en')}
      {provisional ? (
        <span className="muted" title={t('profile.provisionalTitle')}>
          {' '}
          ({t('profile.provisional')})
        </span>
      ) : null}
    </td>
  );
}
