/** A new pad: the players in playing order, and the game's own choices (its pad's `setup`). */
import { useState } from 'react';
import type { FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { GameId } from '../games/types.ts';
import { ErrorLine } from './ErrorLine.tsx';
import { padGame } from './games.ts';
import type { PadError, PadResult, Sheet } from './scoring/index.ts';

export function PadSetup({
  game,
  initialNames,
  onCreate,
}: {
  game: GameId;
  initialNames: readonly string[];
  onCreate: (sheet: Sheet) => void;
}) {
  const { t } = useTranslation('pad');
  const setup = padGame(game)!.setup;
  const [choices, setChoices] = useState<unknown>(() => setup.initial(initialNames));
  const { min, max } = setup.limits(choices);
  const [names, setNames] = useState<string[]>(() => {
    const start = initialNames.length
      ? [...initialNames]
      : Array.from({ length: Math.min(4, max) }, () => '');
    return start.slice(0, max);
  });
  const [error, setError] = useState<PadError | null>(null);
  const count = Math.min(Math.max(names.length, min), max);
  const shown = Array.from({ length: count }, (_, i) => names[i] ?? '');

  const setCount = (n: number) => setNames(Array.from({ length: n }, (_, i) => names[i] ?? ''));
  // A choice may change the player counts allowed (Sweet16's duel): the list follows.
  const choose = (c: unknown) => {
    setChoices(c);
    const l = setup.limits(c);
    setCount(Math.min(Math.max(count, l.min), l.max));
  };
  // An empty field takes the name its placeholder shows.
  const filled = () => shown.map((n, i) => (n.trim() === '' ? t('setup.name', { number: i + 1 }) : n));

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const made: PadResult<Sheet> = setup.create(filled(), choices);
    setError(made.ok ? null : made.error);
    if (made.ok) onCreate(made.value);
  };
  const { Before, After } = setup;

  const counts = Array.from({ length: max - min + 1 }, (_, i) => min + i);
  return (
    <form className="panel pad-form pad-setup" onSubmit={submit} noValidate aria-labelledby="pad-setup-title">
      <h2 id="pad-setup-title" className="panel-title">
        {t('setup.title')}
      </h2>
      {Before ? <Before choices={choices} set={choose} names={filled()} /> : null}
      {counts.length > 1 ? (
        <label className="field">
          <span>{t('setup.count')}</span>
          <select value={count} onChange={(e) => setCount(Number(e.target.value))}>
            {counts.map((n) => (
              <option key={n} value={n}>
                {n}
              </option>
            ))}
          </select>
        </label>
      ) : null}
      <fieldset className="pad-names">
        <legend>{t('setup.players')}</legend>
        {shown.map((name, i) => (
          <input
            key={i}
            value={name}
            maxLength={40}
            autoComplete="off"
            aria-label={t('setup.name', { number: i + 1 })}
            placeholder={t('setup.name', { number: i + 1 })}
            onChange={(e) => setNames(shown.map((x, j) => (j === i ? e.target.value : x)))}
          />
        ))}
      </fieldset>
      {After ? <After choices={choices} set={choose} names={filled()} /> : null}
      <ErrorLine error={error} />
      <div className="pad-buttons">
        <button type="submit" className="button primary">
          {t('setup.start')}
        </button>
      </div>
    </form>
  );
}
