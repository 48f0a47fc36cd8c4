/** The new pad's first dealer. */
import { useTranslation } from 'react-i18next';
import type { ChoiceProps } from '../../../pad/plugin.ts';

export function FirstDealer({ choices, set, names }: ChoiceProps<{ firstDealer: number }>) {
  const { t } = useTranslation('pad');
  return (
    <label className="field">
      <span>{t('setup.firstDealer')}</span>
      <select
        value={Math.min(choices.firstDealer, names.length - 1)}
        onChange={(e) => set({ firstDealer: Number(e.target.value) })}
      >
        {names.map((n, i) => (
          <option key={i} value={i}>
            {n}
          </option>
        ))}
      </select>
      <span className="hint">{t('setup.firstDealerHint')}</span>
    </label>
  );
}
