/** What every game's pad component receives: its sheet, and where a recorded entry goes. */
import type { TFunction } from 'i18next';

export interface PadProps<S> {
  readonly sheet: S;
  readonly onChange: (sheet: S) => void;
}

/** `t` bound to the `pad` namespace. */
export type PadT = TFunction<'pad'>;
