/**
 * A link to a table's replay, for the results and the lobby. Its words are in the `replay`
 * namespace, which loads on first use without holding up the page around it (nothing shows until
 * they are there), so the lobby's first load stays as it was.
 */
import type { CSSProperties } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from '../components/Link.tsx';

export function ReplayLink({
  tableId,
  long = false,
  className = 'button small',
  style,
}: {
  tableId: string | null;
  /** "Watch the replay" instead of "Replay". */
  long?: boolean;
  className?: string;
  style?: CSSProperties;
}) {
  const { t, ready } = useTranslation('replay', { useSuspense: false });
  if (!ready) return null;
  return (
    <Link
      href={tableId ? `/replay/${tableId}` : '/replay'}
      className={className}
      style={style}
      data-testid="replay-link"
    >
      {tableId === null ? t('open') : long ? t('watch') : t('replay')}
    </Link>
  );
}
