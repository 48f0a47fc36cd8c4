/** A refused entry's message, read out as it appears. */
import { useTranslation } from 'react-i18next';
import type { PadError } from './scoring/index.ts';

export function ErrorLine({ error }: { error: PadError | null }) {
  const { t } = useTranslation('pad');
  return (
    <p className="error pad-error" role="alert" data-testid="pad-error">
      {error ? t(`errors.${error.code}`, { ...error.params }) : ''}
    </p>
  );
}

/** A numeric field for a phone: the number keypad, big, no autocorrection. */
export const numeric = {
  inputMode: 'numeric',
  pattern: '[0-9]*',
  autoComplete: 'off',
  enterKeyHint: 'next',
} as const;
