/**
 * A local table on screen: the game's own board (the same component a server table uses), the
 * turn, the seats, the log in words, undo, the result, and a slot for what a page adds (a
 * tutorial's guide, the daily deal's solution).
 */
import type { TableUpdate } from '@matchbox/client/wire';
import type { TFunction } from 'i18next';
import type { ReactNode } from 'react';
import { Suspense, useCallback, useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from '../components/Link.tsx';
import { boardFor, useLogModule } from '../games/loaders.ts';
import type { GameId } from '../games/types.ts';
import { GameLog } from '../table/GameLog.tsx';
import { Results } from '../table/Results.tsx';
import { Seats } from '../table/Seats.tsx';
import { listNames, seatNames } from '../table/seatNames.ts';
import type { LocalTableHandle } from './useLocalTable.ts';
import './local.css';

export interface LocalGameProps {
  readonly game: GameId;
  readonly table: LocalTableHandle;
  readonly title: string;
  /** Shown above the board (a tutorial's guide, the solution controls). */
  readonly panel?: ReactNode;
  /** Extra buttons next to undo and "new game". */
  readonly tools?: ReactNode;
  /** Whether the player may start over here (not while the solution is shown). */
  readonly canRestart?: boolean;
  /** The start-over button's words (default "New game"). */
  readonly restartLabel?: string;
  /** What the results say happened, instead of the result's own words (a shown solution). */
  readonly resultHeadline?: string | undefined;
  /** What the player can do at the end (default: start over, where allowed). */
  readonly resultNext?: ReactNode;
  readonly testId: string;
}

export function LocalGame({
  game,
  table,
  title,
  panel,
  tools,
  canRestart = true,
  restartLabel,
  resultHeadline,
  resultNext,
  testId,
}: LocalGameProps) {
  const { t } = useTranslation(['offline', 'common', game]);
  const update = table.update;
  if (table.error) {
    return (
      <main id="main" className="page">
        <h1>{title}</h1>
        <p className="error" role="alert">
          {t('offline:failed', { message: table.error.message })}
        </p>
        <p>
          <button type="button" className="button primary" onClick={table.restart}>
            {t('offline:newGame')}
          </button>{' '}
          <Link href="/" className="button">
            {t('common:app.backToLobby')}
          </Link>
        </p>
      </main>
    );
  }
  if (!update) {
    return (
      <main id="main" className="page" aria-busy="true">
        <p className="loading">{t('offline:starting')}</p>
      </main>
    );
  }
  return (
    <LoadedGame
      game={game}
      table={table}
      update={update}
      title={title}
      panel={panel}
      tools={tools}
      canRestart={canRestart}
      {...(restartLabel ? { restartLabel } : {})}
      resultHeadline={resultHeadline}
      resultNext={resultNext}
      testId={testId}
    />
  );
}

function LoadedGame({
  game,
  table,
  update,
  title,
  panel,
  tools,
  canRestart,
  restartLabel,
  resultHeadline,
  resultNext,
  testId,
}: LocalGameProps & { update: TableUpdate }) {
  const { t } = useTranslation(['common', 'offline', game]);
  const { t: tg } = useTranslation(game);
  const logModule = useLogModule(game);
  const Board = boardFor(game);
  const names = useMemo(() => seatNames(update.seats, t), [update.seats, t]);
  const describe = useCallback(
    (event: unknown) => {
      if (!logModule) return '';
      try {
        return logModule.describeEvent(event, tg, names, update.seat, update.view);
      } catch {
        return '';
      }
    },
    [logModule, tg, names, update.seat, update.view],
  );
  const [undoError, setUndoError] = useState<string | null>(null);
  useEffect(() => setUndoError(null), [update.version]);
  useEffect(() => {
    document.title = `${title} · ${t('app.name')}`;
  }, [title, t]);
  const over = update.status === 'finished';
  const mine = update.seat !== null && update.toAct.includes(update.seat);
  const undo = async () => {
    const reply = await table.undo();
    if (!reply.ok) setUndoError(reply.error?.message ?? '');
  };

  return (
    <main
      id="main"
      className="page table-page local-table"
      data-game={game}
      data-seat={update.seat ?? 'spectator'}
      data-testid={testId}
    >
      <div className="table-top">
        <h1 className="table-title">
          {title}
          <span className="tag">{t('offline:localTag')}</span>
        </h1>
        <p className={`turn${mine ? ' turn-mine' : ''}`} data-testid="turn">
          {turnLine(update, names, t)}
        </p>
        <div className="table-tools">
          {tools}
          <button
            type="button"
            className="button small"
            disabled={!update.canUndo}
            onClick={() => void undo()}
            data-testid="local-undo"
          >
            {t('offline:undo')}
          </button>
          {canRestart ? (
            <button
              type="button"
              className="button small"
              onClick={table.restart}
              data-testid="local-restart"
            >
              {restartLabel ?? t('offline:newGame')}
            </button>
          ) : null}
          <Link href={`/rules/${game}`} className="button small" target="_blank">
            {t('table.rules')}
          </Link>
          <Link href="/" className="button small">
            {t('app.lobby')}
          </Link>
        </div>
      </div>
      {undoError ? (
        <p className="error" role="alert">
          {undoError}
        </p>
      ) : null}
      {panel}
      <div className="table-layout">
        <section className="board-area" aria-label={t('table.board')}>
          {over ? (
            <Results
              result={update.result}
              names={names}
              mySeat={update.seat}
              table={null}
              headline={resultHeadline}
              next={
                resultNext ??
                (canRestart ? (
                  <button type="button" className="button primary" onClick={table.restart}>
                    {restartLabel ?? t('offline:newGame')}
                  </button>
                ) : null)
              }
            />
          ) : null}
          <Suspense fallback={<p className="loading">{t('app.loading')}</p>}>
            <Board
              view={update.view}
              seat={update.seat}
              legal={update.legal}
              blocked={update.blocked}
              toAct={update.toAct}
              events={table.fresh}
              seatNames={names}
              seats={update.seats}
              act={table.act}
            />
          </Suspense>
        </section>
        <aside className="side">
          <Seats seats={update.seats} names={names} toAct={update.toAct} mySeat={update.seat} />
          <GameLog entries={table.log} describe={describe} />
        </aside>
      </div>
      <div className="visually-hidden" aria-live="polite" aria-atomic="true" data-testid="announcer">
        {logModule ? announcement(table.fresh, describe, mine, t) : ''}
      </div>
    </main>
  );
}

/** What just happened in words (the latest update's events), and whether it is the person's turn. */
function announcement(
  fresh: readonly unknown[],
  describe: (e: unknown) => string,
  mine: boolean,
  t: TFunction,
) {
  const lines = fresh.map(describe).filter(Boolean).slice(-4);
  if (mine) lines.push(t('turn.you'));
  return lines.join(' ');
}

function turnLine(update: TableUpdate, names: readonly string[], t: TFunction): string {
  if (update.status === 'finished') return t('turn.over');
  const me = update.seat;
  if (me !== null && update.toAct.includes(me)) return t('turn.you');
  if (update.toAct.length === 0) return '';
  return t('turn.others', {
    names: listNames(
      update.toAct.map((s) => names[s] ?? ''),
      t,
    ),
    count: update.toAct.length,
  });
}
