/**
 * A replay: `/replay/<table>` shows a table's game step by step with the game's own board; a
 * finished game's whole record is replayed here with the engine, so any seat's view and every
 * player's cards can be shown; a live table shows only what this browser's seat (or a spectator)
 * saw, as the server filtered it. `/replay` opens a record file and replays it locally. Step with
 * the buttons, the arrow keys, the slider or the move list; jump to a hand or round; download the
 * record as a text file (docs/records.md). A finished table's game can be analysed (the server
 * values every decision from what its player knew): the panel under the board shows the graph and
 * the key moments, and each step the candidates of the decision there (AnalysisPanel.tsx).
 */
import type { ChatLine } from '@matchbox/client';
import type { Viewer } from '@matchbox/engine';
import { makeRecordText } from '@matchbox/engine';
import { Suspense, useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { BoardErrorBoundary } from '../board/BoardErrorBoundary.tsx';
import { useTranslation } from 'react-i18next';
import { api } from '../api.ts';
import { Chat } from '../table/Chat.tsx';
import { Link } from '../components/Link.tsx';
import { errorText } from '../errors.ts';
import { webGame } from '../games/index.ts';
import { boardFor, useLogModule } from '../games/loaders.ts';
import type { GameId } from '../games/types.ts';
import { isGameId } from '../games/types.ts';
import { seatNames } from '../table/seatNames.ts';
import { ticketFor } from '../tickets.ts';
import { AnalysisPanel, DecisionChoices, useAnalysis } from './AnalysisPanel.tsx';
import { ANALYSIS_HASH } from './ReplayLink.tsx';
import { actionWords } from './actionWords.ts';
import { chaptersOf } from './chapters.ts';
import { fetchTableReplay, replayOfText } from './source.ts';
import type { Replay } from './steps.ts';
import './replay.css';

interface Loaded {
  readonly replay: Replay;
  readonly names: readonly string[];
  /** The table it belongs to (null for a file). */
  readonly tableId: string | null;
  readonly finished: boolean;
  /** Counts the files opened, so that each one starts afresh. */
  readonly opened: number;
}

export default function ReplayPage({ tableId }: { tableId: string | null }) {
  const { t } = useTranslation(['replay', 'common']);
  // Seat names ("Bot 2 (easy)") are the shell's words.
  const { t: tCommon } = useTranslation('common');
  const [loaded, setLoaded] = useState<Loaded | null>(null);
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    document.title = `${t('replay:title')} · ${t('common:app.name')}`;
  }, [t]);

  useEffect(() => {
    if (!tableId) return;
    let live = true;
    (async () => {
      const summary = await api.table(tableId);
      const fetched = await fetchTableReplay(
        tableId,
        summary.players,
        summary.game,
        ticketFor(tableId)?.token ?? null,
      );
      if (live) setLoaded({ ...fetched, names: seatNames(summary.seats, tCommon), tableId, opened: 0 });
    })().catch((e: unknown) => live && setError(errorText(e, t)));
    return () => {
      live = false;
    };
    // The names follow the language only on the next load; the game does not change.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [tableId]);

  const openFile = (text: string) => {
    const read = replayOfText(text);
    if (!read.ok) {
      setError(
        read.error.at !== undefined
          ? t('replay:badMove', { n: read.error.at + 1, message: read.error.message })
          : t('replay:badFile', { message: read.error.message }),
      );
      return;
    }
    const names =
      read.names?.map((n, k) => n || t('replay:seat', { n: k + 1 })) ??
      Array.from({ length: read.replay.players }, (_, k) => t('replay:seat', { n: k + 1 }));
    setError(null);
    setLoaded((was) => ({
      replay: read.replay,
      names,
      tableId: null,
      finished: true,
      opened: (was?.opened ?? 0) + 1,
    }));
  };

  return (
    <main
      id="main"
      className="page table-page replay-page"
      data-replay={loaded ? loaded.replay.game : 'none'}
    >
      {loaded && isGameId(loaded.replay.game) ? (
        <>
          <ReplayView
            key={`${loaded.tableId}:${loaded.opened}`}
            loaded={loaded}
            game={loaded.replay.game}
            onFile={openFile}
            error={error}
          />
        </>
      ) : (
        <>
          <div className="table-top">
            <h1 className="table-title">{t('replay:title')}</h1>
            <div className="table-tools">
              <Link href="/" className="button small">
                {t('common:app.lobby')}
              </Link>
            </div>
          </div>
          {tableId && !error ? <p className="loading">{t('common:app.loading')}</p> : null}
          {error ? (
            <p className="error" role="alert">
              {error}
            </p>
          ) : null}
          {tableId ? null : (
            <section className="panel replay-open" aria-labelledby="open-title">
              <h2 id="open-title" className="panel-title">
                {t('replay:openTitle')}
              </h2>
              <p className="muted">{t('replay:openHint')}</p>
              <OpenFile onText={openFile} />
            </section>
          )}
        </>
      )}
    </main>
  );
}

/** "Open a record file": a file picker that hands the file's text on. */
function OpenFile({ onText }: { onText: (text: string) => void }) {
  const { t } = useTranslation('replay');
  return (
    <label className="button small file-button">
      {t('open')}
      <input
        type="file"
        accept=".txt,text/plain"
        data-testid="open-record"
        className="visually-hidden"
        onChange={(e) => {
          const file = e.currentTarget.files?.[0];
          e.currentTarget.value = '';
          if (file) void file.text().then(onText);
        }}
      />
    </label>
  );
}

const noAct = () => Promise.resolve({ ok: false, error: { code: 'replay', message: 'This is a replay.' } });

/**
 * Where the analysis meets the eye: opened from "See the analysis" (`ANALYSIS_HASH`) the replay
 * asks for the analysis at once and scrolls to it; a key moment clicked moves the replay to its
 * step and brings the board into view, at the top of the screen, so on a phone the board stands
 * above the moment's words.
 */
function useAnalysisInView(
  analysis: ReturnType<typeof useAnalysis>,
  setStep: (step: number) => void,
  last: number,
) {
  const analysisPanel = useRef<HTMLDivElement>(null);
  const boardArea = useRef<HTMLElement>(null);
  const asked = useRef(false);
  const ready = analysis.status !== null || analysis.error !== null;
  const { start } = analysis;
  useEffect(() => {
    if (asked.current || !ready || window.location.hash !== ANALYSIS_HASH) return;
    asked.current = true;
    if (analysis.status?.status !== 'done') start();
    analysisPanel.current?.scrollIntoView({ block: 'start' });
  }, [ready, start, analysis.status]);
  const showMoment = useCallback(
    (step: number) => {
      setStep(Math.max(0, Math.min(last, step)));
      boardArea.current?.scrollIntoView({ block: 'start', behavior: 'smooth' });
    },
    [setStep, last],
  );
  return { analysisPanel, boardArea, showMoment };
}

function ReplayView({
  loaded,
  game,
  onFile,
  error,
}: {
  loaded: Loaded;
  game: GameId;
  onFile: (text: string) => void;
  /** Why the last file opened could not be replayed. */
  error: string | null;
}) {
  // Suspends until the game's namespace is loaded.
  const { t } = useTranslation(['replay', 'common', game]);
  const { t: tg } = useTranslation(game);
  const { replay, names } = loaded;
  const last = replay.steps.length - 1;
  const own = loaded.tableId ? (ticketFor(loaded.tableId)?.seat ?? null) : null;
  const [step, setStep] = useState(loaded.finished ? 0 : last);
  const [viewer, setViewer] = useState<Viewer>(() =>
    replay.viewers.includes(own) ? own : (replay.viewers[0] ?? null),
  );
  const logModule = useLogModule(game);
  const Board = boardFor(game);
  const analysis = useAnalysis(loaded.finished ? loaded.tableId : null);
  const { analysisPanel, boardArea, showMoment } = useAnalysisInView(analysis, setStep, last);
  const analysed = analysis.status?.status === 'done' ? analysis.status.analysis : null;
  const [analysisSeat, setAnalysisSeat] = useState<number>(own ?? 0);
  const actionText = useCallback(
    (action: string, seat: number, move: number) =>
      actionWords(action, logModule, webGame(game)?.choiceWords, tg, t, replay.at(move, seat).view),
    [logModule, game, tg, t, replay],
  );

  const publicViews = useMemo(
    () => replay.steps.map((_, i) => replay.at(i, replay.viewers.includes(null) ? null : replay.viewers[0]!)),
    [replay],
  );
  const chapters = useMemo(() => chaptersOf(game, publicViews), [game, publicViews]);
  const current = useMemo(() => replay.at(step, viewer), [replay, step, viewer]);
  const go = useCallback((to: number) => setStep(Math.max(0, Math.min(last, to))), [last]);

  const describe = useCallback(
    (events: readonly unknown[], who: Viewer, view?: unknown) => {
      if (!logModule) return '';
      return events
        .map((e) => {
          try {
            return logModule.describeEvent(e, tg, names, who, view);
          } catch {
            return '';
          }
        })
        .filter(Boolean)
        .join(' ');
    },
    [logModule, tg, names],
  );

  // Arrow keys step anywhere on the page, except where they already mean something (a field, a board).
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (e.defaultPrevented || e.altKey || e.ctrlKey || e.metaKey) return;
      const target = e.target as HTMLElement | null;
      // A board uses the arrows itself (a hand of cards, MATCHET's panning).
      if (target && (/^(INPUT|SELECT|TEXTAREA)$/.test(target.tagName) || target.closest('.board-area')))
        return;
      const by = { ArrowLeft: -1, ArrowRight: 1 }[e.key];
      if (by !== undefined) {
        e.preventDefault();
        setStep((s) => Math.max(0, Math.min(last, s + by)));
      } else if (e.key === 'Home') go(0);
      else if (e.key === 'End') go(last);
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [last, go]);

  const download = () => {
    if (!replay.record) return;
    const text = makeRecordText(replay.record, names);
    const url = URL.createObjectURL(new Blob([text], { type: 'text/plain' }));
    const a = document.createElement('a');
    a.href = url;
    a.download = `matchbox-${game}-${loaded.tableId ?? 'record'}.txt`;
    document.body.append(a);
    a.click();
    a.remove();
    setTimeout(() => URL.revokeObjectURL(url), 1000);
  };

  const gameName = t(`common:games.${game}.name`);
  const chapterNow = chapters.filter((c) => c.step <= step).at(-1);
  const hands = replay.record
    ? names.map((name, seat) => ({ name, seat, cards: replay.privateCards(step, seat) ?? [] }))
    : [];
  const liveNote = loaded.finished
    ? null
    : replay.viewers[0] === null
      ? t('replay:liveSpectator')
      : t('replay:liveSeat');

  return (
    <>
      <div className="table-top">
        <h1 className="table-title">
          {t('replay:titleGame', { game: gameName })}
          <span className="tag">
            {loaded.tableId === null
              ? t('replay:fromFile')
              : loaded.finished
                ? t('replay:finished')
                : t('replay:live')}
          </span>
        </h1>
        <div className="table-tools">
          {replay.record ? (
            <button type="button" className="button small" onClick={download}>
              {t('replay:download')}
            </button>
          ) : null}
          <OpenFile onText={onFile} />
          {loaded.tableId ? (
            <Link href={`/t/${loaded.tableId}`} className="button small">
              {t('replay:toTable')}
            </Link>
          ) : null}
          <Link href="/" className="button small">
            {t('common:app.lobby')}
          </Link>
        </div>
      </div>
      {liveNote ? <p className="muted replay-note">{liveNote}</p> : null}
      {error ? (
        <p className="error" role="alert">
          {error}
        </p>
      ) : null}

      <section className="panel replay-controls" aria-label={t('replay:controls')}>
        <div className="replay-buttons">
          <button
            type="button"
            className="button small"
            onClick={() => go(0)}
            disabled={step === 0}
            aria-label={t('replay:firstLabel')}
          >
            «
          </button>
          <button
            type="button"
            className="button small"
            onClick={() => go(step - 1)}
            disabled={step === 0}
            aria-label={t('replay:backLabel')}
          >
            ◀ {t('replay:back')}
          </button>
          <span className="replay-position" data-testid="replay-step" aria-live="polite">
            {t('replay:step', { step, count: last })}
          </span>
          <button
            type="button"
            className="button small"
            onClick={() => go(step + 1)}
            disabled={step === last}
            aria-label={t('replay:forwardLabel')}
          >
            {t('replay:forward')} ▶
          </button>
          <button
            type="button"
            className="button small"
            onClick={() => go(last)}
            disabled={step === last}
            aria-label={t('replay:lastLabel')}
          >
            »
          </button>
        </div>
        <input
          type="range"
          className="replay-slider"
          min={0}
          max={last}
          value={step}
          onChange={(e) => go(Number(e.currentTarget.value))}
          aria-label={t('replay:slider')}
        />
        <div className="replay-selects">
          {chapters.length > 0 ? (
            <label className="field inline">
              <span>{t('replay:jump')}</span>
              <select
                value={chapterNow ? String(chapterNow.step) : ''}
                onChange={(e) => go(Number(e.currentTarget.value))}
                data-testid="replay-jump"
              >
                {chapterNow ? null : <option value="">{t('replay:setup')}</option>}
                {chapters.map((c) => (
                  <option key={c.step} value={c.step}>
                    {tg('chapter', { n: c.number })}
                  </option>
                ))}
              </select>
            </label>
          ) : null}
          {replay.viewers.length > 1 ? (
            <label className="field inline">
              <span>{t('replay:seenBy')}</span>
              <select
                value={viewer === null ? 'spectator' : String(viewer)}
                onChange={(e) =>
                  setViewer(e.currentTarget.value === 'spectator' ? null : Number(e.currentTarget.value))
                }
                data-testid="replay-viewer"
              >
                {replay.viewers.map((v) => (
                  <option key={v ?? 'spectator'} value={v ?? 'spectator'}>
                    {v === null ? t('replay:spectator') : names[v]}
                  </option>
                ))}
              </select>
            </label>
          ) : null}
        </div>
      </section>

      <div className="table-layout">
        <section className="board-area" aria-label={t('common:table.board')} ref={boardArea}>
          <BoardErrorBoundary fallback={<p className="error">{t('common:table.boardFailed')}</p>}>
            <Suspense fallback={<p className="loading">{t('common:app.loading')}</p>}>
              <Board
                view={current.view}
                seat={viewer}
                legal={[]}
                blocked={[]}
                toAct={current.toAct}
                events={current.events}
                seatNames={names}
                act={noAct}
              />
            </Suspense>
          </BoardErrorBoundary>
          {analysed ? (
            <DecisionChoices analysis={analysed} step={step} names={names} describe={actionText} />
          ) : null}
          {hands.some((h) => h.cards.length > 0) ? (
            <section className="panel replay-hands" aria-labelledby="hands-title" data-testid="replay-hands">
              <h2 id="hands-title" className="panel-title">
                {t('replay:hands')}
              </h2>
              <ul>
                {hands.map((h) => (
                  <li key={h.seat} data-seat={h.seat}>
                    <span className="replay-hand-name">{h.name}</span>
                    <span className="replay-cards">
                      {h.cards.length === 0 ? (
                        <span className="muted">{t('replay:handsNone')}</span>
                      ) : (
                        h.cards.map((c, i) => (
                          <span key={i} className="replay-card" data-card={c}>
                            {logModule?.describeCard?.(c, tg) ?? c}
                          </span>
                        ))
                      )}
                    </span>
                  </li>
                ))}
              </ul>
            </section>
          ) : null}
        </section>
        <aside className="side">
          <MoveList
            replay={replay}
            names={names}
            step={step}
            onStep={go}
            describe={(i) => {
              // The move itself: the first event of its step (what followed is in the step's log).
              const at = replay.at(i, viewer);
              return describe(at.events.slice(0, 1), viewer, at.view);
            }}
          />
          {loaded.tableId ? <ReplayChat tableId={loaded.tableId} mySeat={own} /> : null}
        </aside>
      </div>
      {loaded.finished && loaded.tableId ? (
        <div ref={analysisPanel}>
          <AnalysisPanel
            {...analysis}
            names={names}
            seat={analysisSeat}
            onSeat={setAnalysisSeat}
            step={step}
            onStep={showMoment}
            describe={actionText}
          />
        </div>
      ) : null}
    </>
  );
}

/** The table's chat beside its replay (shown only when anybody said something). */
function ReplayChat({ tableId, mySeat }: { tableId: string; mySeat: number | null }) {
  const [lines, setLines] = useState<readonly ChatLine[]>([]);
  useEffect(() => {
    let live = true;
    api.chat(tableId).then(
      (l) => live && setLines(l),
      () => undefined,
    );
    return () => {
      live = false;
    };
  }, [tableId]);
  if (lines.length === 0) return null;
  return <Chat tableId={tableId} lines={lines} mySeat={mySeat} canWrite={false} />;
}

/** Every step as a button: the seat and its move (or what the viewer saw of it). */
function MoveList({
  replay,
  names,
  step,
  onStep,
  describe,
}: {
  replay: Replay;
  names: readonly string[];
  step: number;
  onStep: (i: number) => void;
  describe: (i: number) => string;
}) {
  const { t } = useTranslation('replay');
  const list = useRef<HTMLOListElement>(null);
  useEffect(() => {
    const box = list.current;
    const item = box?.querySelector<HTMLElement>('[aria-current="step"]');
    if (!box || !item) return;
    if (
      item.offsetTop < box.scrollTop ||
      item.offsetTop + item.offsetHeight > box.scrollTop + box.clientHeight
    )
      box.scrollTop = item.offsetTop - box.clientHeight / 2;
  }, [step]);
  return (
    <section className="panel log" aria-labelledby="moves-title">
      <h2 id="moves-title" className="panel-title">
        {t('moves')}
      </h2>
      <ol className="log-list replay-moves" ref={list}>
        {replay.steps.map((s, i) => {
          const label =
            s.seat === null ? t('setup') : describe(i) || t('someoneMoved', { name: names[s.seat] });
          return (
            <li key={i}>
              <button
                type="button"
                className="replay-move"
                aria-current={i === step ? 'step' : undefined}
                onClick={() => onStep(i)}
              >
                <span className="replay-move-n">{i}</span> {label}
              </button>
            </li>
          );
        })}
      </ol>
    </section>
  );
}
