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
  analysis = false,
  className = 'button small',
  style,
}: {
  tableId: string | null;
  /** "Watch the replay" instead of "Replay". */
  long?: boolean;
  /** "See the analysis": the replay opened at its analysis, which starts at once (`ANALYSIS_HASH`). */
  analysis?: boolean;
  className?: string;
  style?: CSSProperties;
}) {
  const { t, ready } = useTranslation('replay', { useSuspense: false });
  if (!ready) return null;
  const href = tableId ? `/replay/${tableId}${analysis ? ANALYSIS_HASH : ''}` : '/replay';
  const words = tableId === null ? t('open') : analysis ? t('seeAnalysis') : long ? t('watch') : t('replay');
  return (
    <Link
      href={href}
      className={className}
      style={style}
      data-testid={analysis ? 'analysis-link' : 'replay-link'}
    >
      {words}
    </Link>
  );
}

/** The end of a replay's address that opens it at the analysis and asks for it. */
export const ANALYSIS_HASH = '#analysis';
