/** A new pad: the players in playing order, and the game's choices (first dealer, variant, rounds). */
import { useState } from 'react';
import type { FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { GameId } from '../games/types.ts';
import { ErrorLine } from './ErrorLine.tsx';
import type { PadError, PadResult, Sheet } from './scoring/index.ts';
import { createMatchSheet, MATCH_PLAYERS } from './scoring/match.ts';
import { createMatchetSheet, MATCHET_PLAYERS, ROUND_CHOICES } from './scoring/matchet.ts';
import { createMatchMasterSheet, MATCHMASTER_PLAYERS } from './scoring/matchmaster.ts';
import type { Sweet16Variant } from './scoring/sweet16.ts';
import { createSweet16Sheet, SWEET16_PLAYERS, SWEET16_VARIANTS } from './scoring/sweet16.ts';

function limits(game: GameId, variant: Sweet16Variant): { min: number; max: number } {
  switch (game) {
    case 'matchmaster':
      return MATCHMASTER_PLAYERS;
    case 'match':
      return MATCH_PLAYERS;
    case 'sweet16':
      return SWEET16_PLAYERS[variant];
    case 'matchet':
      return MATCHET_PLAYERS;
  }
}

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
  const [variant, setVariant] = useState<Sweet16Variant>(
    game === 'sweet16' && initialNames.length === 2 ? 'duel' : 'standard',
  );
  const { min, max } = limits(game, variant);
  const [names, setNames] = useState<string[]>(() => {
    const start = initialNames.length
      ? [...initialNames]
      : Array.from({ length: Math.min(4, max) }, () => '');
    return start.slice(0, max);
  });
  const [firstDealer, setFirstDealer] = useState(0);
  const [rounds, setRounds] = useState<number>(ROUND_CHOICES[0]);
  const [error, setError] = useState<PadError | null>(null);
  const count = Math.min(Math.max(names.length, min), max);
  const shown = Array.from({ length: count }, (_, i) => names[i] ?? '');

  const setCount = (n: number) => setNames(Array.from({ length: n }, (_, i) => names[i] ?? ''));
  const chooseVariant = (v: Sweet16Variant) => {
    setVariant(v);
    const l = SWEET16_PLAYERS[v];
    setCount(Math.min(Math.max(count, l.min), l.max));
  };
  // An empty field takes the name its placeholder shows.
  const filled = () => shown.map((n, i) => (n.trim() === '' ? t('setup.name', { number: i + 1 }) : n));

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const players = filled();
    let made: PadResult<Sheet>;
    switch (game) {
      case 'matchmaster':
        made = createMatchMasterSheet(players, Math.min(firstDealer, players.length - 1));
        break;
      case 'match':
        made = createMatchSheet(players);
        break;
      case 'sweet16':
        made = createSweet16Sheet(players, variant);
        break;
      case 'matchet':
        made = createMatchetSheet(players, rounds);
        break;
    }
    setError(made.ok ? null : made.error);
    if (made.ok) onCreate(made.value);
  };

  const counts = Array.from({ length: max - min + 1 }, (_, i) => min + i);
  return (
    <form className="panel pad-form pad-setup" onSubmit={submit} noValidate aria-labelledby="pad-setup-title">
      <h2 id="pad-setup-title" className="panel-title">
        {t('setup.title')}
      </h2>
      {game === 'sweet16' ? (
        <label className="field">
          <span>{t('setup.variant')}</span>
          <select value={variant} onChange={(e) => chooseVariant(e.target.value as Sweet16Variant)}>
            {SWEET16_VARIANTS.map((v) => (
              <option key={v} value={v}>
                {t(`setup.variants.${v}`)}
              </option>
            ))}
          </select>
        </label>
      ) : null}
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
      {game === 'matchmaster' ? (
        <label className="field">
          <span>{t('setup.firstDealer')}</span>
          <select
            value={Math.min(firstDealer, count - 1)}
            onChange={(e) => setFirstDealer(Number(e.target.value))}
          >
            {filled().map((n, i) => (
              <option key={i} value={i}>
                {n}
              </option>
            ))}
          </select>
          <span className="hint">{t('setup.firstDealerHint')}</span>
        </label>
      ) : null}
      {game === 'matchet' ? (
        <label className="field">
          <span>{t('setup.rounds')}</span>
          <select value={rounds} onChange={(e) => setRounds(Number(e.target.value))}>
            {ROUND_CHOICES.map((n) => (
              <option key={n} value={n}>
                {n}
              </option>
            ))}
          </select>
          <span className="hint">{t('setup.roundsHint')}</span>
        </label>
      ) : null}
      <ErrorLine error={error} />
      <div className="pad-buttons">
        <button type="submit" className="button primary">
          {t('setup.start')}
        </button>
      </div>
    </form>
  );
}
