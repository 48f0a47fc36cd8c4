/** The new pad's variant: the standard game or the duel. */
import { useTranslation } from 'react-i18next';
import type { ChoiceProps } from '../../../pad/plugin.ts';
import type { Sweet16Variant } from './scoring.ts';
import { SWEET16_VARIANTS } from './scoring.ts';

export function Variant({ choices, set }: ChoiceProps<{ variant: Sweet16Variant }>) {
  const { t } = useTranslation('pad');
  return (
    <label className="field">
      <span>{t('setup.variant')}</span>
      <select value={choices.variant} onChange={(e) => set({ variant: e.target.value as Sweet16Variant })}>
        {SWEET16_VARIANTS.map((v) => (
          <option key={v} value={v}>
            {t(`setup.variants.${v}`)}
          </option>
        ))}
      </select>
    </label>
  );
}
