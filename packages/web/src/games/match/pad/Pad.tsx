/** The MATCH! pad: a score per player and round, totals, and the end at 50. */
import { useState } from 'react';
import type { FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { PadForm } from '../../../pad/PadForm.tsx';
import { PlayerSelect } from '../../../pad/PlayerSelect.tsx';
import { ResultPanel } from '../../../pad/ResultPanel.tsx';
import { leaders, ScoreCell, ScoreTable } from '../../../pad/ScoreTable.tsx';
import type { PadError } from '../../../pad/scoring/result.ts';
import * as ma from './scoring.ts';
import { signed } from '@matchbox/client/words/numbers';
import { roundsText } from '../../../pad/share.ts';
import type { PadProps, PadT } from '../../../pad/types.ts';

export function MatchPad({ sheet, onChange }: PadProps<ma.MatchSheet>) {
  const { t } = useTranslation('pad');
  const running = ma.runningTotals(sheet);
  const totals = ma.totals(sheet);
  const lead = leaders(totals, running.length > 0);
  const result = ma.result(sheet);
  const shown = result ? sheet.rounds.length : sheet.rounds.length + 1;
  const columns = Array.from({ length: shown }, (_, i) => ({
    key: String(i),
    label: t('match.roundShort', { number: i + 1 }),
    current: i === sheet.rounds.length,
  }));
  const rows = sheet.players.map((name, p) => ({
    name,
    total: totals[p]!,
    leader: lead[p]!,
    cells: columns.map((_, r) => {
      const round = sheet.rounds[r];
      if (!round) return null;
      const score = round.scores[p]!;
      return (
        <ScoreCell
          points={signed(score)}
          running={running[r]![p]!}
          label={`${t('match.roundShort', { number: r + 1 })}: ${signed(score)}`}
          {...(round.endedBy === p ? { detail: t('match.wentOut') } : {})}
        />
      );
    }),
  }));
  return (
    <>
      <ScoreTable columns={columns} rows={rows} label={t('titleOf', { game: 'MATCH!' })} />
      {result ? (
        <ResultPanel result={result} players={sheet.players} />
      ) : (
        <RoundForm key={sheet.rounds.length} sheet={sheet} onChange={onChange} />
      )}
    </>
  );
}

function RoundForm({ sheet, onChange }: PadProps<ma.MatchSheet>) {
  const { t } = useTranslation('pad');
  const [scores, setScores] = useState<string[]>(() => sheet.players.map(() => ''));
  const [endedBy, setEndedBy] = useState<number | null>(null);
  const [error, setError] = useState<PadError | null>(null);
  const starter = ma.nextStarter(sheet);
  const set = (i: number, v: string) => setScores(scores.map((x, j) => (j === i ? v : x)));
  const flip = (i: number) => {
    const v = scores[i]!.trim();
    set(i, v.startsWith('-') ? v.slice(1) : `-${v}`);
  };
  const save = (e: FormEvent) => {
    e.preventDefault();
    const r = ma.recordRound(sheet, scores, endedBy);
    setError(r.ok ? null : r.error);
    if (r.ok) onChange(r.value);
  };
  return (
    <PadForm
      id="pad-round-title"
      title={t('match.now', { number: sheet.rounds.length + 1 })}
      onSubmit={save}
      error={error}
      save={t('match.saveRound')}
    >
      <p className="small">
        {starter !== null ? t('match.starts', { name: sheet.players[starter] }) + ' ' : ''}
        {t('match.endRule')}
      </p>
      <p className="muted small">{t('match.scoreHint')}</p>
      <div className="pad-entry-grid pad-entry-one" role="group">
        <span className="pad-entry-head">{t('table.player')}</span>
        <span className="pad-entry-head">{t('match.score')}</span>
        {sheet.players.map((name, i) => (
          <div className="pad-entry-row" key={name}>
            <span className="pad-entry-name">{name}</span>
            <span className="pad-signed">
              <button
                type="button"
                className="button pad-sign"
                aria-label={t('match.flipSign', { name })}
                onClick={() => flip(i)}
              >
                ±
              </button>
              <input
                inputMode="numeric"
                autoComplete="off"
                className="pad-number"
                aria-label={`${t('match.score')}: ${name}`}
                value={scores[i]}
                onChange={(e) => set(i, e.target.value)}
              />
            </span>
          </div>
        ))}
      </div>
      <PlayerSelect
        label={t('match.wentOut')}
        none={t('match.nobodySaid')}
        players={sheet.players}
        value={endedBy}
        onChange={setEndedBy}
      />
    </PadForm>
  );
}

export function matchText(sheet: ma.MatchSheet, t: PadT): string[][] {
  return roundsText(
    sheet.players,
    {
      player: t('table.player'),
      round: (number) => t('match.roundShort', { number }),
      total: t('table.total'),
    },
    sheet.rounds.map((r) => r.scores),
    ma.totals(sheet),
  );
}
