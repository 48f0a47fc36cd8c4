/** MATCHET's hindsight in the analysis panel: whether the solitaire's deal could be won, and the step where it was lost. */
import type { ReactElement } from 'react';
import { useTranslation } from 'react-i18next';
import type { HindsightProps } from '../plugin.ts';
import { isMatchetHindsight } from './hindsightCheck.ts';

export default function Hindsight({ hindsight: h, onStep }: HindsightProps): ReactElement | null {
  const { t } = useTranslation('replay');
  if (!isMatchetHindsight(h)) return null;
  const { winnable, lostAt } = h.result;
  return (
    <p>
      {winnable === null
        ? t('analysis.solitaireUnknown')
        : !winnable
          ? t('analysis.solitaireNever')
          : lostAt === null
            ? t('analysis.solitaireKept')
            : null}
      {lostAt !== null ? (
        <>
          {t('analysis.solitaireLost', { step: lostAt })}{' '}
          <button type="button" className="link-button" onClick={() => onStep(lostAt)}>
            {t('analysis.toStep', { step: lostAt })}
          </button>
        </>
      ) : null}
    </p>
  );
}
