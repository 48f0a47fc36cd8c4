/** The Sweet16 pad: each player's bank, the cards left in the grid, the scorings, the end. */
import { useState } from 'react';
import type { FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { ErrorLine, numeric } from '../../../pad/ErrorLine.tsx';
import { PadForm } from '../../../pad/PadForm.tsx';
import { PlayerSelect } from '../../../pad/PlayerSelect.tsx';
import { ResultPanel } from '../../../pad/ResultPanel.tsx';
import type { PadError } from '../../../pad/scoring/result.ts';
import * as s16 from './scoring.ts';
import type { PadProps, PadT } from '../../../pad/types.ts';

export function Sweet16Pad({ sheet, onChange }: PadProps<s16.Sweet16Sheet>) {
  const { t } = useTranslation('pad');
  const banks = s16.banks(sheet);
  const standings = s16.standings(sheet);
  const result = s16.result(sheet);
  const [error, setError] = useState<PadError | null>(null);
  const end = () => {
    const r = s16.endGame(sheet);
    setError(r.ok ? null : r.error);
    if (r.ok) onChange(r.value);
  };
  return (
    <>
      <div className="pad-scroll" role="region" aria-label={t('titleOf', { game: 'Sweet16' })} tabIndex={0}>
        <table className="pad-table pad-banks">
          <thead>
            <tr>
              <th scope="col" className="pad-name">
                {t('table.player')}
              </th>
              <th scope="col">{t('sweet16.points')}</th>
              <th scope="col">{t('sweet16.pile')}</th>
              <th scope="col">{t('sweet16.diamonds')}</th>
            </tr>
          </thead>
          <tbody>
            {sheet.players.map((name, p) => (
              <tr
                key={name}
                className={sheet.scorings.length && standings.ranks[p] === 1 ? 'pad-leader' : undefined}
              >
                <th scope="row" className="pad-name">
                  {name}
                </th>
                <td className="pad-total" data-testid="pad-total">
                  {banks[p]!.points}
                </td>
                <td>{banks[p]!.pile}</td>
                <td>
                  {banks[p]!.diamonds}
                  {banks[p]!.diamonds ? <span className="pad-sub">×3</span> : null}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <p className="pad-status">
        {t('sweet16.left', { count: s16.cardsLeft(sheet) })}{' '}
        <span className="muted">
          {t(sheet.variant === 'duel' ? 'sweet16.endRuleDuel' : 'sweet16.endRule')}
        </span>
      </p>
      {result ? (
        <ResultPanel result={result} players={sheet.players} note={t('sweet16.tieBreak')} />
      ) : (
        <>
          <ScoringForm key={sheet.scorings.length} sheet={sheet} onChange={onChange} />
          <ErrorLine error={error} />
          <p>
            <button type="button" className="button" onClick={end}>
              {t(sheet.variant === 'duel' ? 'sweet16.endDuel' : 'sweet16.end')}
            </button>
          </p>
        </>
      )}
      {sheet.scorings.length ? (
        <section className="pad-history" aria-labelledby="pad-history-title">
          <h2 id="pad-history-title" className="panel-title">
            {t('sweet16.history')}
          </h2>
          <ol reversed>
            {[...sheet.scorings].reverse().map((s, i) => (
              <li key={sheet.scorings.length - i}>{scoringText(s, sheet, t)}</li>
            ))}
          </ol>
        </section>
      ) : null}
    </>
  );
}

function scoringText(s: s16.Sweet16Scoring, sheet: s16.Sweet16Sheet, t: PadT): string {
  const parts = [t('sweet16.historyEntry', { name: sheet.players[s.player], count: s.cards })];
  if (s.diamond) parts.push(t('sweet16.historyDiamond'));
  if (s.stealFrom !== null) parts.push(t('sweet16.historySteal', { name: sheet.players[s.stealFrom] }));
  return parts.join(', ');
}

function ScoringForm({ sheet, onChange }: PadProps<s16.Sweet16Sheet>) {
  const { t } = useTranslation('pad');
  const [player, setPlayer] = useState(0);
  const [cards, setCards] = useState('');
  const [diamond, setDiamond] = useState(false);
  const [stealFrom, setStealFrom] = useState<number | null>(null);
  const [error, setError] = useState<PadError | null>(null);
  const step = (n: number) => {
    const now = Number(cards);
    setCards(String(Math.max(0, (Number.isFinite(now) ? now : 0) + n)));
  };
  const save = (e: FormEvent) => {
    e.preventDefault();
    const r = s16.recordScoring(sheet, { player, cards, diamond, stealFrom });
    setError(r.ok ? null : r.error);
    if (r.ok) onChange(r.value);
  };
  return (
    <PadForm
      id="pad-scoring-title"
      title={t('sweet16.scoring')}
      onSubmit={save}
      error={error}
      save={t('sweet16.save')}
    >
      <label className="field">
        <span>{t('sweet16.scorer')}</span>
        <select value={player} onChange={(e) => setPlayer(Number(e.target.value))}>
          {sheet.players.map((name, i) => (
            <option key={name} value={i}>
              {name}
            </option>
          ))}
        </select>
      </label>
      <div className="field">
        <label htmlFor="pad-cards">{t('sweet16.cards')}</label>
        <span className="pad-stepper">
          <button type="button" className="button" aria-label={t('sweet16.fewer')} onClick={() => step(-1)}>
            −
          </button>
          <input
            id="pad-cards"
            {...numeric}
            className="pad-number"
            value={cards}
            onChange={(e) => setCards(e.target.value)}
          />
          <button type="button" className="button" aria-label={t('sweet16.more')} onClick={() => step(1)}>
            +
          </button>
        </span>
        <span className="hint">{t('sweet16.cardsHint')}</span>
      </div>
      <label className="field check">
        <input type="checkbox" checked={diamond} onChange={(e) => setDiamond(e.target.checked)} />
        <span>{t('sweet16.diamond')}</span>
      </label>
      <PlayerSelect
        label={t('sweet16.steal')}
        none={t('sweet16.nobody')}
        players={sheet.players}
        value={stealFrom}
        onChange={setStealFrom}
      />
    </PadForm>
  );
}

export function sweet16Text(sheet: s16.Sweet16Sheet, t: PadT): string[][] {
  const banks = s16.banks(sheet);
  return [
    [t('table.player'), t('sweet16.pile'), t('sweet16.diamonds'), t('sweet16.points')],
    ...sheet.players.map((name, p) => [
      name,
      String(banks[p]!.pile),
      String(banks[p]!.diamonds),
      String(banks[p]!.points),
    ]),
  ];
}
