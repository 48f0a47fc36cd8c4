/** The new pad's number of rounds. */
import { useTranslation } from 'react-i18next';
import type { ChoiceProps } from '../../../pad/plugin.ts';
import { ROUND_CHOICES } from './scoring.ts';

export function Rounds({ choices, set }: ChoiceProps<{ rounds: number }>) {
  const { t } = useTranslation('pad');
  return (
    <label className="field">
      <span>{t('setup.rounds')}</span>
      <select value={choices.rounds} onChange={(e) => set({ rounds: Number(e.target.value) })}>
        {ROUND_CHOICES.map((n) => (
          <option key={n} value={n}>
            {n}
          </option>
        ))}
      </select>
      <span className="hint">{t('setup.roundsHint')}</span>
    </label>
  );
}
