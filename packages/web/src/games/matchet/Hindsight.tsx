/** MATCHET's hindsight in the analysis panel: whether the solitaire's deal could be won, and the step where it was lost. */
import type { Hindsight, MatchetHindsightReport } from '@matchbox/bots/analysis';
import type { ReactElement } from 'react';
import { useTranslation } from 'react-i18next';
import type { HindsightProps } from '../plugin.ts';

/** Whether a hindsight is this game's (the panel is handed its game's only, checked by hindsightCheck.ts). */
const isMatchetHindsight = (h: Hindsight): h is MatchetHindsightReport => h.kind === 'matchet-solitaire';

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
