/** The MatchMaster pad: the 13-hand table, and the current hand's bids and tricks. */
import { signed } from '@matchbox/client/words/numbers';
import { useState } from 'react';
import type { FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { numeric } from '../../../pad/ErrorLine.tsx';
import { PadForm } from '../../../pad/PadForm.tsx';
import { ResultPanel } from '../../../pad/ResultPanel.tsx';
import { leaders, ScoreCell, ScoreTable } from '../../../pad/ScoreTable.tsx';
import type { PadError } from '../../../pad/scoring/result.ts';
import * as mm from './scoring.ts';
import type { PadProps, PadT } from '../../../pad/types.ts';

export function MatchMasterPad({ sheet, onChange }: PadProps<mm.MatchMasterSheet>) {
  const { t } = useTranslation('pad');
  const hands = mm.schedule(sheet);
  const current = mm.currentHand(sheet);
  const running = mm.runningTotals(sheet);
  const totals = mm.totals(sheet);
  const lead = leaders(totals, running.length > 0);
  const result = mm.result(sheet);
  const columns = hands.map((h) => ({
    key: String(h.index),
    label: t('matchmaster.handShort', { number: h.index + 1 }),
    sub: String(h.size),
    current: h.index === current?.index,
  }));
  const rows = sheet.players.map((name, p) => ({
    name,
    total: totals[p]!,
    leader: lead[p]!,
    cells: hands.map((h) => {
      const hand = sheet.hands[h.index];
      // Every cell keeps a line for the dealer's mark, so the scores of a row stay level.
      const dealer = (
        <span className="pad-dealer-slot">
          {h.dealer === p ? (
            <span className="pad-dealer" title={t('table.dealerLabel')}>
              {t('table.dealer')}
            </span>
          ) : null}
        </span>
      );
      const scores = hand ? mm.handScores(hand) : null;
      if (hand && scores) {
        const bid = hand.bids[p]!;
        const tricks = hand.tricks![p]!;
        const points = scores[p]!;
        return (
          <>
            {dealer}
            <ScoreCell
              points={signed(points)}
              running={running[h.index]![p]!}
              detail={`${bid}/${tricks}`}
              label={t('matchmaster.cell', { bid, tricks, points })}
            />
          </>
        );
      }
      if (hand)
        return (
          <>
            {dealer}
            <span className="pad-pending">{t('matchmaster.cellBid', { bid: hand.bids[p] })}</span>
          </>
        );
      return dealer;
    }),
  }));
  return (
    <>
      <ScoreTable columns={columns} rows={rows} label={t('titleOf', { game: 'MatchMaster' })} />
      {result ? (
        <ResultPanel result={result} players={sheet.players} />
      ) : current ? (
        <HandForm
          key={`${current.index}-${sheet.hands.length}`}
          sheet={sheet}
          hand={current}
          onChange={onChange}
        />
      ) : null}
    </>
  );
}

function HandForm({ sheet, hand, onChange }: PadProps<mm.MatchMasterSheet> & { hand: mm.ScheduledHand }) {
  const { t } = useTranslation('pad');
  const pending = mm.pendingBids(sheet);
  const [bids, setBids] = useState<string[]>(() =>
    sheet.players.map((_, i) => (pending ? String(pending[i]) : '')),
  );
  const [tricks, setTricks] = useState<string[]>(() => sheet.players.map(() => ''));
  const [error, setError] = useState<PadError | null>(null);

  const saveBids = () => {
    const r = mm.recordBids(sheet, bids);
    setError(r.ok ? null : r.error);
    if (r.ok) onChange(r.value);
  };
  const saveHand = (e: FormEvent) => {
    e.preventDefault();
    const r = mm.recordHand(sheet, bids, tricks);
    setError(r.ok ? null : r.error);
    if (r.ok) onChange(r.value);
  };
  const set = (list: string[], setList: (l: string[]) => void, i: number, v: string) =>
    setList(list.map((x, j) => (j === i ? v : x)));
  const sum = pending?.reduce((a, b) => a + b, 0);

  return (
    <PadForm
      id="pad-hand-title"
      title={t('matchmaster.now', {
        number: hand.index + 1,
        count: hand.size,
        dealer: sheet.players[hand.dealer],
        leader: sheet.players[hand.leader],
      })}
      onSubmit={saveHand}
      error={error}
      save={t('matchmaster.saveHand')}
      before={
        <button type="button" className="button" onClick={saveBids}>
          {t('matchmaster.saveBids')}
        </button>
      }
    >
      <p className="muted small">{t('matchmaster.trump')}</p>
      <div className="pad-entry-grid" role="group">
        <span className="pad-entry-head">{t('table.player')}</span>
        <span className="pad-entry-head">{t('matchmaster.bid')}</span>
        <span className="pad-entry-head">{t('matchmaster.tricks')}</span>
        {sheet.players.map((name, i) => (
          <div className="pad-entry-row" key={name}>
            <span className="pad-entry-name">
              {name}
              {i === hand.dealer ? <span className="pad-dealer">{t('table.dealer')}</span> : null}
            </span>
            <input
              {...numeric}
              className="pad-number"
              aria-label={`${t('matchmaster.bid')}: ${name}`}
              value={bids[i]}
              onChange={(e) => set(bids, setBids, i, e.target.value)}
            />
            <input
              {...numeric}
              className="pad-number"
              aria-label={`${t('matchmaster.tricks')}: ${name}`}
              value={tricks[i]}
              onChange={(e) => set(tricks, setTricks, i, e.target.value)}
            />
          </div>
        ))}
      </div>
      <p className="muted small">
        {pending ? t('matchmaster.bidsSaved', { sum, size: hand.size }) + ' ' : ''}
        {t('matchmaster.tricksHint', { size: hand.size })}
      </p>
    </PadForm>
  );
}

/** The table as text: one row per player, a column per finished hand, the total. */
export function matchmasterText(sheet: mm.MatchMasterSheet, t: PadT): string[][] {
  const done = sheet.hands.filter((h) => h.tricks);
  const totals = mm.totals(sheet);
  const header = [
    t('table.player'),
    ...done.map((_, i) => t('matchmaster.handShort', { number: i + 1 })),
    t('table.total'),
  ];
  return [
    header,
    ...sheet.players.map((name, p) => [
      name,
      ...done.map((h) => String(mm.handScores(h)![p])),
      String(totals[p]),
    ]),
  ];
}
