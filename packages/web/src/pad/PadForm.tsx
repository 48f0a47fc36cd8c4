/**
 * A pad's entry form, the same for every game: its title, the game's fields, the refusal of the
 * last try (read out as it appears), and the save button after any buttons of the game's own.
 */
import type { FormEvent, ReactNode } from 'react';
import { ErrorLine } from './ErrorLine.tsx';
import type { PadError } from './scoring/index.ts';

export function PadForm({
  id,
  title,
  onSubmit,
  error,
  save,
  before,
  children,
}: {
  /** The title's element id, which names the form. */
  id: string;
  title: ReactNode;
  onSubmit: (e: FormEvent) => void;
  error: PadError | null;
  /** The save button's words. */
  save: string;
  /** Buttons before the save button. */
  before?: ReactNode;
  children: ReactNode;
}) {
  return (
    <form className="panel pad-form" onSubmit={onSubmit} noValidate aria-labelledby={id}>
      <h2 id={id} className="panel-title">
        {title}
      </h2>
      {children}
      <ErrorLine error={error} />
      <div className="pad-buttons">
        {before}
        <button type="submit" className="button primary">
          {save}
        </button>
      </div>
    </form>
  );
}
