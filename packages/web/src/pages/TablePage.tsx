/**
 * A table: the game's board (lazy-loaded per game) with the seat's view, and around it the turn,
 * the seats, the game log in words, the connection, announcements for screen readers, the
 * invite link while seats are open, and the results with "play again" at the end.
 */
import type { TableSummary, TableUpdate } from '@matchbox/client';
import type { TFunction } from 'i18next';
import type { ReactNode } from 'react';
import { Suspense, useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { BoardErrorBoundary } from '../board/BoardErrorBoundary.tsx';
import { useTranslation } from 'react-i18next';
import { api, ApiError } from '../api.ts';
import { Link } from '../components/Link.tsx';
import { boardFor, useLogModule } from '../games/loaders.ts';
import type { GameId } from '../games/types.ts';
import { isGameId } from '../games/types.ts';
import { SeatBubbles } from '../table/SeatBubbles.tsx';
import { Chat } from '../table/Chat.tsx';
import { ConnectionBadge } from '../table/ConnectionBadge.tsx';
import { GameLog } from '../table/GameLog.tsx';
import { InvitePanel } from '../table/InvitePanel.tsx';
import { Results } from '../table/Results.tsx';
import { RatedNote } from '../table/RatedNote.tsx';
import { useBotRatings } from '../account/botRatings.ts';
import { Seats } from '../table/Seats.tsx';
import { StandInNotice } from '../table/StandInNotice.tsx';
import { TableActions } from '../table/TableActions.tsx';
import { listNames, seatNames } from '../table/seatNames.ts';
import { useTable } from '../table/useTable.ts';
import { useBlocks } from '../table/useBlocks.ts';
import { play, useSoundSwitch, useTurnSignal } from '../table/voice.ts';
import { ticketFor } from '../tickets.ts';
import { tableSummary } from '../table/preload.ts';
import { relativeTime } from '../account/format.ts';

export default function TablePage({ tableId }: { tableId: string }) {
  const { t } = useTranslation();
  const [summary, setSummary] = useState<TableSummary | null>(null);
  const [missing, setMissing] = useState<string | null>(null);
  // The server did not answer (no network, or a proxy's 5xx): not the same as no such table.
  const [unreachable, setUnreachable] = useState(false);
  const table = useTable(tableId);

  useEffect(() => {
    let live = true;
    tableSummary(tableId).then(
      (s) => live && setSummary(s),
      (e: unknown) => {
        if (!live) return;
        if (e instanceof ApiError && (e.code === 'network' || (e.status ?? 0) >= 500)) setUnreachable(true);
        else setMissing(e instanceof Error ? e.message : String(e));
      },
    );
    return () => {
      live = false;
    };
  }, [tableId]);

  // The summary's seats and status follow the live updates; options and the clock do not change.
  useEffect(() => {
    const u = table.update;
    if (!u || !summary || (u.status === summary.status && u.seats === summary.seats)) return;
    if (u.status !== summary.status) void api.table(tableId).then(setSummary, () => undefined);
  }, [table.update, summary, tableId]);

  if (unreachable) return <ServerUnreachable />;
  if (missing || table.connection === 'failed') {
    return (
      <main id="main" className="page">
        <h1>{t('table.notFound')}</h1>
        <p>
          {table.error?.code === 'no_such_table' || missing ? t('table.notFoundText') : table.error?.message}
        </p>
        <p>
          <Link href="/" className="button">
            {t('app.backToLobby')}
          </Link>
        </p>
      </main>
    );
  }
  const game = summary && isGameId(summary.game) ? summary.game : null;
  if (!game || !table.update) {
    return (
      <main id="main" className="page" aria-busy="true">
        <p className="loading">{t('table.connecting')}</p>
      </main>
    );
  }
  return <GameTable game={game} summary={summary!} update={table.update} table={table} />;
}

/**
 * The server cannot be reached: said in words, with what still works without it (games against
 * bots in this browser, the daily solitaire, the tutorials, the score pad) and a way to try again.
 * The seat's ticket stays in this browser, so the table opens again once the server answers.
 */
export function ServerUnreachable() {
  const { t } = useTranslation();
  useEffect(() => {
    document.title = `${t('unreachable.title')} · ${t('app.name')}`;
  }, [t]);
  return (
    <main id="main" className="page unreachable" data-testid="table-unreachable">
      <h1>{t('unreachable.title')}</h1>
      <p>{t('unreachable.text')}</p>
      <p>{t('unreachable.offline')}</p>
      <p className="unreachable-actions">
        <button type="button" className="button primary" onClick={() => location.reload()}>
          {t('unreachable.retry')}
        </button>
        <Link href="/" className="button">
          {t('unreachable.lobby')}
        </Link>
        <Link href="/daily" className="button">
          {t('unreachable.daily')}
        </Link>
        <Link href="/pad" className="button">
          {t('unreachable.pad')}
        </Link>
      </p>
    </main>
  );
}

interface GameTableProps {
  readonly game: GameId;
  readonly summary: TableSummary;
  readonly update: TableUpdate;
  readonly table: ReturnType<typeof useTable>;
}

function GameTable({ game, summary, update, table }: GameTableProps) {
  // Suspends until the game's namespace (and those of the hint and undo row) is loaded.
  const { t } = useTranslation(['common', game, 'tools', 'errors']);
  const { t: tg } = useTranslation(game);
  const logModule = useLogModule(game);
  const names = useMemo(() => seatNames(update.seats, t), [update.seats, t]);
  const mySeat = update.seat;
  const { describe, describeAction } = useEventWords(logModule, update, names, t, tg);
  const gameName = t(`games.${game}.name`);
  const ticket = ticketFor(summary.id);
  const openSeats = update.seats.filter((s) => s.kind === 'open' || s.left).length;

  // A stand-in bot plays this person's seat: they are told why, and may take it back.
  const myStandIn = mySeat === null ? null : (update.seats[mySeat]?.standIn ?? null);
  const myTurn = mySeat !== null && update.status === 'playing' && update.toAct.includes(mySeat);
  const slow = (summary.clockSeconds ?? 0) >= 86_400;
  useTurnSignal({ myTurn, title: `${gameName} · ${t('app.name')}`, yourTurn: t('turn.you'), slow });
  const [sound, toggleSound] = useSoundSwitch(slow);
  useTableSounds(table, update);

  return (
    <main id="main" className="page table-page" data-game={game} data-seat={mySeat ?? 'spectator'}>
      <TableTop game={game} update={update} table={table} names={names} t={t}>
        <SoundSwitch sound={sound} toggle={toggleSound} t={t} />
      </TableTop>
      {myStandIn && update.status === 'playing' ? (
        <StandInNotice reason={myStandIn} back={table.back} />
      ) : null}
      {table.connection === 'reconnecting' ? (
        <p className="notice" data-testid="table-reconnecting">
          {t('unreachable.reconnecting')}
        </p>
      ) : null}
      {update.status === 'waiting' || openSeats > 0 ? (
        <InvitePanel table={summary} update={update} inviteUrl={ticket?.inviteUrl ?? null} />
      ) : null}
      <div className="table-layout has-actions">
        <TableActions
          game={game}
          options={summary.options}
          update={update}
          undo={table.undo}
          hint={table.hint}
          solve={table.solve}
          describe={describeAction}
        />
        <BoardArea game={game} summary={summary} update={update} table={table} names={names} t={t} />
        <TableSide
          game={game}
          summary={summary}
          update={update}
          table={table}
          names={names}
          describe={describe}
        />
      </div>
      <Announcer table={table} describe={describe} update={update} names={names} ready={logModule !== null} />
    </main>
  );
}

/** Each event of the log in words (an undo said by the referee's words), and a choice's notation. */
function useEventWords(
  logModule: ReturnType<typeof useLogModule>,
  update: TableUpdate,
  names: readonly string[],
  t: TFunction,
  tg: TFunction,
) {
  const mySeat = update.seat;
  const describe = useCallback(
    (event: unknown) => {
      if (!logModule) return '';
      const undone = undoEvent(event);
      if (undone) {
        // The move's name comes only to those who saw the move (a secret bid stays secret).
        const who =
          undone.seat === mySeat ? 'undoEventYou' : undone.action === null ? 'undoEventHidden' : 'undoEvent';
        return t(`tools:${who}`, { name: names[undone.seat] ?? '', action: undone.action ?? '' });
      }
      try {
        return logModule.describeEvent(event, tg, names, mySeat, update.view);
      } catch {
        return '';
      }
    },
    [logModule, tg, t, names, mySeat, update.view],
  );
  const describeAction = useCallback(
    (text: string) => logModule?.describeAction?.(text, tg, update.view) ?? null,
    [logModule, tg, update.view],
  );
  return { describe, describeAction };
}

/** A card played, a trick won, the game won: a short sound each (when sounds are on). */
function useTableSounds(table: ReturnType<typeof useTable>, update: TableUpdate): void {
  const mySeat = update.seat;
  useEffect(() => {
    const types = new Set(table.fresh.map((e) => (e as { type?: unknown }).type));
    const won =
      update.status === 'finished' &&
      mySeat !== null &&
      ((update.result as { winners?: number[] } | null)?.winners ?? []).includes(mySeat);
    if (won && types.size > 0) play('won');
    else if (types.has('trick_won')) play('trick');
    else if (types.has('card_played')) play('card');
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [table.freshVersion]);
}

/** The game's name, whose turn it is with the deadline, and the tools (the sound switch inside). */
function TableTop({
  game,
  update,
  table,
  names,
  t,
  children,
}: Omit<GameTableProps, 'summary'> & { names: readonly string[]; t: TFunction; children: ReactNode }) {
  const mySeat = update.seat;
  return (
    <div className="table-top">
      <h1 className="table-title">
        {t(`games.${game}.name`)}
        {mySeat === null ? <span className="tag">{t('table.watching')}</span> : null}
        <RatedNote rated={update.rated} />
      </h1>
      <p className={`turn${update.toAct.includes(mySeat ?? -1) ? ' turn-mine' : ''}`} data-testid="turn">
        {turnLine(update, names, t)}
        <Deadline at={update.deadlineAt} />
      </p>
      <div className="table-tools">
        <ConnectionBadge state={table.connection} />
        {children}
        <Link href={`/rules/${game}`} className="button small" target="_blank">
          {t('table.rules')}
        </Link>
        <Link href="/" className="button small">
          {t('app.lobby')}
        </Link>
      </div>
    </div>
  );
}

/** Sounds on or off. */
function SoundSwitch({ sound, toggle, t }: { sound: boolean; toggle: () => void; t: TFunction }) {
  return (
    <button
      type="button"
      className="button small sound-switch"
      aria-pressed={sound}
      title={sound ? t('voice.soundOff') : t('voice.soundOn')}
      aria-label={sound ? t('voice.soundOff') : t('voice.soundOn')}
      onClick={toggle}
    >
      <svg width="18" height="18" viewBox="0 0 24 24" aria-hidden="true">
        <path d="M3 9h4l5-4v14l-5-4H3z" fill="currentColor" />
        {sound ? (
          <path
            d="M15 9a4 4 0 0 1 0 6M17.5 6.5a7.5 7.5 0 0 1 0 11"
            stroke="currentColor"
            strokeWidth="2"
            fill="none"
            strokeLinecap="round"
          />
        ) : (
          <path d="M16 9l5 6M21 9l-5 6" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
        )}
      </svg>
    </button>
  );
}

/** The game's board (lazy-loaded) with chat bubbles at the seats, and the results at the end. */
function BoardArea({
  game,
  summary,
  update,
  table,
  names,
  t,
}: GameTableProps & { names: readonly string[]; t: TFunction }) {
  const Board = boardFor(game);
  const mySeat = update.seat;
  return (
    <section className="board-area" aria-label={t('table.board')}>
      {update.seats.length > 1 ? (
        <SeatBubbles tableId={summary.id} said={table.said} mySeat={mySeat} />
      ) : null}
      {update.status === 'finished' ? (
        <Results result={update.result} names={names} mySeat={mySeat} table={summary} />
      ) : null}
      {update.status === 'waiting' ? (
        <p className="muted waiting">{t('table.waitingText')}</p>
      ) : (
        <BoardErrorBoundary fallback={<p className="error">{t('table.boardFailed')}</p>}>
          <Suspense fallback={<p className="loading">{t('app.loading')}</p>}>
            <Board
              view={update.view}
              seat={mySeat}
              legal={update.legal}
              blocked={update.blocked}
              toAct={update.toAct}
              events={table.fresh}
              seatNames={names}
              seats={update.seats}
              act={table.act}
              pauseUntil={update.pauseUntil ?? null}
            />
          </Suspense>
        </BoardErrorBoundary>
      )}
    </section>
  );
}

/** The seats, the chat (none beside a solitaire) and the game's log. */
function TableSide({
  game,
  summary,
  update,
  table,
  names,
  describe,
}: GameTableProps & { names: readonly string[]; describe: (event: unknown) => string }) {
  const botRatings = useBotRatings();
  const mySeat = update.seat;
  const { t } = useTranslation(['common', 'errors']);
  const blocks = useBlocks(summary.id, t);
  return (
    <aside className="side">
      <Seats
        seats={update.seats}
        names={names}
        toAct={update.toAct}
        mySeat={mySeat}
        game={game}
        botRatings={botRatings}
        rated={update.rated ?? null}
        deadlineAt={update.status === 'playing' ? update.deadlineAt : null}
        clockSeconds={summary.clockSeconds}
        blocks={blocks}
      />
      {/* A solitaire has nobody to talk to: no chat beside it. */}
      {update.seats.length > 1 ? (
        <Chat
          tableId={summary.id}
          lines={table.chat}
          mySeat={mySeat}
          canWrite={mySeat !== null || summary.spectatorChat === true}
          say={table.say}
          blocks={blocks}
        />
      ) : null}
      <GameLog entries={table.log} describe={describe} />
    </aside>
  );
}

/** The referee's undo event (a move taken back; the same for every game), or null. */
function undoEvent(event: unknown): { seat: number; action: string | null } | null {
  if (typeof event !== 'object' || event === null) return null;
  const e = event as { type?: unknown; seat?: unknown; action?: unknown };
  if (e.type !== 'undo' || typeof e.seat !== 'number') return null;
  return { seat: e.seat, action: typeof e.action === 'string' ? e.action : null };
}

function turnLine(update: TableUpdate, names: readonly string[], t: TFunction): string {
  if (update.status === 'waiting') return t('turn.waiting');
  if (update.status === 'finished' || update.status === 'abandoned' || update.status === 'archived')
    return t('turn.over');
  const me = update.seat;
  if (me !== null && update.toAct.includes(me)) {
    const others = update.toAct.filter((s) => s !== me);
    return others.length ? t('turn.youAndOthers', { count: others.length }) : t('turn.you');
  }
  if (update.toAct.length === 0) return '';
  return t('turn.others', {
    names: listNames(
      update.toAct.map((s) => names[s] ?? ''),
      t,
    ),
    count: update.toAct.length,
  });
}

/** The clock of the current turn, when the table has one. */
function Deadline({ at }: { at: number | null }) {
  const { t, i18n } = useTranslation();
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (at === null) return;
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, [at]);
  if (at === null) return null;
  const seconds = Math.max(0, Math.ceil((at - now) / 1000));
  // A slow game's clock (days per move) reads "runs out in 3 days" rather than in seconds.
  if (seconds >= 7200)
    return (
      <span className="deadline">
        {' · '}
        {t('turn.clockLong', { when: relativeTime(at, now, i18n.resolvedLanguage ?? 'en') })}
      </span>
    );
  return <span className="deadline"> · {t('turn.clock', { seconds })}</span>;
}

/**
 * A polite live region: what just happened (the latest update's events in words) and when it
 * becomes this seat's turn.
 */
function Announcer({
  table,
  describe,
  update,
  names,
  ready,
}: {
  table: ReturnType<typeof useTable>;
  describe: (e: unknown) => string;
  update: TableUpdate;
  names: readonly string[];
  ready: boolean;
}) {
  const { t } = useTranslation();
  const [message, setMessage] = useState('');
  const wasMyTurn = useRef(false);
  void names;
  useEffect(() => {
    if (!ready || table.freshVersion < 0) return;
    const lines = table.fresh.map(describe).filter(Boolean).slice(-4);
    const mine = update.seat !== null && update.toAct.includes(update.seat);
    if (mine && !wasMyTurn.current) lines.push(t('turn.you'));
    wasMyTurn.current = mine;
    if (lines.length) setMessage(lines.join(' '));
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [table.freshVersion, ready]);
  return (
    <div className="visually-hidden" aria-live="polite" aria-atomic="true" data-testid="announcer">
      {message}
    </div>
  );
}
