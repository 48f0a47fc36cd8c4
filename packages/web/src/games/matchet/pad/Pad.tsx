/** The MATCHET pad: each round's multiple-join points and tiles left, totals over 3 to 5 rounds. */
import { useState } from 'react';
import type { FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { numeric } from '../../../pad/ErrorLine.tsx';
import { PadForm } from '../../../pad/PadForm.tsx';
import { PlayerSelect } from '../../../pad/PlayerSelect.tsx';
import { ResultPanel } from '../../../pad/ResultPanel.tsx';
import { leaders, ScoreCell, ScoreTable } from '../../../pad/ScoreTable.tsx';
import type { PadError } from '../../../pad/scoring/result.ts';
import * as mt from './scoring.ts';
import { signed } from '@matchbox/client/words/numbers';
import { roundsText } from '../../../pad/share.ts';
import type { PadProps, PadT } from '../../../pad/types.ts';

export function MatchetPad({ sheet, onChange }: PadProps<mt.MatchetSheet>) {
  const { t } = useTranslation('pad');
  const running = mt.runningTotals(sheet);
  const totals = mt.totals(sheet);
  const lead = leaders(totals, running.length > 0);
  const result = mt.result(sheet);
  const columns = Array.from({ length: sheet.roundsToPlay }, (_, i) => ({
    key: String(i),
    label: t('matchet.roundShort', { number: i + 1 }),
    current: i === sheet.rounds.length,
  }));
  const rows = sheet.players.map((name, p) => ({
    name,
    total: totals[p]!,
    leader: lead[p]!,
    cells: columns.map((_, r) => {
      const round = sheet.rounds[r];
      if (!round) return null;
      const score = mt.roundScores(round)[p]!;
      const tiles = round.tilesLeft[p]!;
      return (
        <ScoreCell
          points={signed(score)}
          running={running[r]![p]!}
          label={t('matchet.cell', { points: round.points[p], tiles, score })}
          {...(tiles > 0 ? { detail: `${round.points[p]} − ${tiles}×5` } : {})}
        />
      );
    }),
  }));
  return (
    <>
      <ScoreTable columns={columns} rows={rows} label={t('titleOf', { game: 'MATCHET' })} />
      {result ? (
        <ResultPanel result={result} players={sheet.players} />
      ) : (
        <RoundForm key={sheet.rounds.length} sheet={sheet} onChange={onChange} />
      )}
    </>
  );
}

function RoundForm({ sheet, onChange }: PadProps<mt.MatchetSheet>) {
  const { t } = useTranslation('pad');
  const [points, setPoints] = useState<string[]>(() => sheet.players.map(() => '0'));
  const [tiles, setTiles] = useState<string[]>(() => sheet.players.map(() => ''));
  const [wentOut, setWentOut] = useState<number | null>(null);
  const [error, setError] = useState<PadError | null>(null);
  const setAt = (list: string[], setList: (l: string[]) => void, i: number, v: string) =>
    setList(list.map((x, j) => (j === i ? v : x)));
  // The score keeper adds each multiple join as it is made (MT-2: 5, 10, 15 or 20).
  const add = (i: number, n: number) => {
    const now = Number(points[i]);
    setAt(points, setPoints, i, String((Number.isFinite(now) ? now : 0) + n));
  };
  const save = (e: FormEvent) => {
    e.preventDefault();
    const r = mt.recordRound(sheet, points, wentOut, tiles);
    setError(r.ok ? null : r.error);
    if (r.ok) onChange(r.value);
  };
  return (
    <PadForm
      id="pad-round-title"
      title={t('matchet.now', { number: sheet.rounds.length + 1, rounds: sheet.roundsToPlay })}
      onSubmit={save}
      error={error}
      save={t('matchet.saveRound')}
    >
      <p className="muted small">{t('matchet.pointsHint')}</p>
      <ul className="pad-players">
        {sheet.players.map((name, i) => (
          <li key={name} className="pad-player">
            <span className="pad-entry-name">{name}</span>
            <label className="pad-inline">
              <span>{t('matchet.points')}</span>
              <input
                {...numeric}
                className="pad-number"
                value={points[i]}
                onChange={(e) => setAt(points, setPoints, i, e.target.value)}
              />
            </label>
            <span className="pad-quick">
              {mt.JOIN_VALUES.map((n) => (
                <button
                  key={n}
                  type="button"
                  className="button small"
                  aria-label={t('matchet.add', { points: n, name })}
                  onClick={() => add(i, n)}
                >
                  +{n}
                </button>
              ))}
            </span>
            {wentOut !== null && wentOut !== i ? (
              <label className="pad-inline">
                <span>{t('matchet.tilesLeft')}</span>
                <input
                  {...numeric}
                  className="pad-number"
                  value={tiles[i]}
                  onChange={(e) => setAt(tiles, setTiles, i, e.target.value)}
                />
              </label>
            ) : null}
          </li>
        ))}
      </ul>
      <PlayerSelect
        label={t('matchet.wentOut')}
        none={t('matchet.blocked')}
        players={sheet.players}
        value={wentOut}
        onChange={setWentOut}
      >
        {wentOut !== null ? <span className="hint">{t('matchet.penalty')}</span> : null}
      </PlayerSelect>
    </PadForm>
  );
}

export function matchetText(sheet: mt.MatchetSheet, t: PadT): string[][] {
  return roundsText(
    sheet.players,
    {
      player: t('table.player'),
      round: (number) => t('matchet.roundShort', { number }),
      total: t('table.total'),
    },
    sheet.rounds.map((r) => mt.roundScores(r)),
    mt.totals(sheet),
  );
}
