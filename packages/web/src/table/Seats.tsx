import type { BotRatings, PublicSeat, RatedStatus } from '@matchbox/client';
import { useTranslation } from 'react-i18next';
import { levelWords } from '../account/botRatings.ts';
import { Link } from '../components/Link.tsx';
import { Avatar } from './Avatar.tsx';
import { RatedNote } from './RatedNote.tsx';
import { TurnClock } from './TurnClock.tsx';
import { TakeOverNotice } from './TakeOverNotice.tsx';
import type { TFunction } from 'i18next';
import { ReportForm } from './ReportForm.tsx';
import type { Blocks } from './useBlocks.ts';

/** The seats around the table: name, bot or person, present or away, and whose turn it is. */
export function Seats({
  seats,
  names,
  toAct,
  mySeat,
  scores,
  game,
  botRatings = null,
  rated = null,
  deadlineAt = null,
  clockSeconds = null,
  blocks = null,
}: {
  seats: readonly PublicSeat[];
  names: readonly string[];
  toAct: readonly number[];
  mySeat: number | null;
  scores?: readonly number[] | null;
  /** The table's game and the bot levels' ratings: a bot seat shows its level's rating in it. */
  game?: string;
  botRatings?: BotRatings | null;
  /** Whether the game is rated (shown here on phones, where the table's title is cut short). */
  rated?: RatedStatus | null;
  /** The turn's clock: drawn as a draining bar at each seat to act that a person plays. */
  deadlineAt?: number | null;
  clockSeconds?: number | null;
  /** Reporting and blocking the people at the other seats (the table page; none in a local game). */
  blocks?: Blocks | null;
}) {
  const { t } = useTranslation();
  return (
    <section className="panel seats" aria-labelledby="seats-title">
      <h2 id="seats-title" className="panel-title">
        {t('table.seats')}
        <RatedNote rated={rated} where="seats" />
      </h2>
      <ol className="seat-list">
        {seats.map((s) => {
          const turn = toAct.includes(s.seat);
          const state =
            s.kind === 'bot'
              ? t('seat.botLevel', { level: levelWords(t, botRatings, s.level ?? 'medium', game) })
              : s.kind === 'open'
                ? t('seat.isOpen')
                : s.left
                  ? t('seat.hasLeft')
                  : s.standIn
                    ? t(s.standIn === 'away' ? 'standIn.seatAway' : 'standIn.seatAbsent')
                    : s.connected
                      ? t('seat.present')
                      : t('seat.away');
          return (
            <li
              key={s.seat}
              className={`seat${turn ? ' seat-turn' : ''}${s.seat === mySeat ? ' seat-me' : ''}`}
              data-seat={s.seat}
              aria-current={turn ? 'true' : undefined}
            >
              <span className="seat-face">
                <Avatar avatar={s.avatar} name={names[s.seat]} size={28} />
                <span
                  className={`dot ${s.kind === 'bot' ? 'dot-bot' : s.kind === 'human' && s.connected && !s.left ? 'dot-on' : 'dot-off'}`}
                  aria-hidden="true"
                />
              </span>
              <span className="seat-name">
                {names[s.seat]}
                {s.seat === mySeat ? <span className="seat-you"> {t('seat.you')}</span> : null}
              </span>
              <span className="seat-state">{state}</span>
              {scores && scores[s.seat] !== undefined ? (
                <span className="seat-score" aria-label={t('table.scoreOf', { score: scores[s.seat] })}>
                  {scores[s.seat]}
                </span>
              ) : null}
              {turn ? <span className="seat-turn-mark">{t('seat.toAct')}</span> : null}
              {turn && deadlineAt !== null && s.kind === 'human' && !s.left && !s.standIn ? (
                <TurnClock deadlineAt={deadlineAt} seconds={clockSeconds} />
              ) : null}
              {blocks && s.kind === 'human' && s.seat !== mySeat ? (
                <SeatTools seat={s.seat} name={names[s.seat] ?? ''} blocks={blocks} t={t} />
              ) : null}
            </li>
          );
        })}
      </ol>
      {blocks ? <ReportForm blocks={blocks} t={t} of="seat" /> : null}
      {blocks?.notice ? (
        <p className="muted report-notice" role="status">
          {blocks.notice.text}
          {blocks.notice.ofBlock ? (
            <>
              {' '}
              <Link href="/blocks">{t('report.manage')}</Link>
            </>
          ) : null}
        </p>
      ) : null}
      <TakeOverNotice seats={seats} />
    </section>
  );
}

/** "Report" and "Block" for another person's seat (a blocked one says so). */
function SeatTools({ seat, name, blocks, t }: { seat: number; name: string; blocks: Blocks; t: TFunction }) {
  return (
    <span className="seat-tools">
      <button
        type="button"
        className="seat-tool"
        aria-label={t('report.reportName', { name })}
        onClick={() => blocks.start({ seat }, name)}
      >
        {t('report.report')}
      </button>
      {blocks.blocked.has(seat) ? (
        <span className="seat-blocked">{t('report.isBlocked')}</span>
      ) : (
        <button
          type="button"
          className="seat-tool"
          aria-label={t('report.blockName', { name })}
          onClick={() => void blocks.block(seat, name)}
        >
          {t('report.block')}
        </button>
      )}
    </span>
  );
}
