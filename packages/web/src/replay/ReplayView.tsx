/**
 * A loaded replay drawn: the title and tools, the step controls (buttons, slider, chapter and
 * viewer), the game's own board at the step with the players' hidden cards, the move list and the
 * table's chat, and the analysis under it. The controller (useReplay.ts) holds the step.
 */
import type { ChatLine } from '@matchbox/client';
import type { TFunction } from 'i18next';
import type { ReactElement } from 'react';
import { Suspense, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api } from '../api.ts';
import { BoardErrorBoundary } from '../board/BoardErrorBoundary.tsx';
import { Link } from '../components/Link.tsx';
import { boardFor } from '../games/loaders.ts';
import type { GameId } from '../games/types.ts';
import { Chat } from '../table/Chat.tsx';
import { AnalysisPanel, DecisionChoices } from './AnalysisPanel.tsx';
import type { Replay } from './steps.ts';
import type { Loaded, ReplayCtrl } from './useReplay.ts';
import { useReplay } from './useReplay.ts';

const noAct = () => Promise.resolve({ ok: false, error: { code: 'replay', message: 'This is a replay.' } });

export function ReplayView({
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
}): ReactElement {
  // Suspends until the game's namespace is loaded.
  const { t } = useTranslation(['replay', 'common', game]);
  const { t: tg } = useTranslation(game);
  const ctrl = useReplay(loaded, game, t, tg);
  const { replay, names } = loaded;
  const Board = boardFor(game);
  const { current, step, viewer, analysis } = ctrl;
  const analysed = analysis.status?.status === 'done' ? analysis.status.analysis : null;
  const liveNote = loaded.finished
    ? null
    : replay.viewers[0] === null
      ? t('replay:liveSpectator')
      : t('replay:liveSeat');

  return (
    <>
      <ReplayTop loaded={loaded} game={game} ctrl={ctrl} onFile={onFile} t={t} />
      {liveNote ? <p className="muted replay-note">{liveNote}</p> : null}
      {error ? (
        <p className="error" role="alert">
          {error}
        </p>
      ) : null}
      <StepControls replay={replay} names={names} ctrl={ctrl} t={t} tg={tg} />
      <div className="table-layout">
        <section className="board-area" aria-label={t('common:table.board')} ref={ctrl.boardArea}>
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
                {...(loaded.faces ? { seats: loaded.faces } : {})}
                act={noAct}
              />
            </Suspense>
          </BoardErrorBoundary>
          {analysed ? (
            <DecisionChoices analysis={analysed} step={step} names={names} describe={ctrl.actionText} />
          ) : null}
          <HiddenHands ctrl={ctrl} t={t} tg={tg} />
        </section>
        <aside className="side">
          <MoveList replay={replay} names={names} step={step} onStep={ctrl.go} describe={ctrl.moveWords} />
          {loaded.tableId ? <ReplayChat tableId={loaded.tableId} mySeat={ctrl.own} /> : null}
        </aside>
      </div>
      {loaded.finished && loaded.tableId ? (
        <div ref={ctrl.analysisPanel}>
          <AnalysisPanel
            {...analysis}
            names={names}
            seat={ctrl.analysisSeat}
            onSeat={ctrl.setAnalysisSeat}
            step={step}
            onStep={ctrl.showMoment}
            describe={ctrl.actionText}
          />
        </div>
      ) : null}
    </>
  );
}

/** "Open a record file": a file picker that hands the file's text on. */
export function OpenFile({ onText }: { onText: (text: string) => void }): ReactElement {
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

/** The title (the game, and whether a file, a finished or a live game) and the tools. */
function ReplayTop({
  loaded,
  game,
  ctrl,
  onFile,
  t,
}: {
  loaded: Loaded;
  game: GameId;
  ctrl: ReplayCtrl;
  onFile: (text: string) => void;
  t: TFunction;
}): ReactElement {
  return (
    <div className="table-top">
      <h1 className="table-title">
        {t('replay:titleGame', { game: t(`common:games.${game}.name`) })}
        <span className="tag">
          {loaded.tableId === null
            ? t('replay:fromFile')
            : loaded.finished
              ? t('replay:finished')
              : t('replay:live')}
        </span>
      </h1>
      <div className="table-tools">
        {loaded.replay.record ? (
          <button type="button" className="button small" onClick={ctrl.download}>
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
  );
}

interface ControlsProps {
  readonly replay: Replay;
  readonly names: readonly string[];
  readonly ctrl: ReplayCtrl;
  readonly t: TFunction;
  readonly tg: TFunction;
}

/** To the start, back, the step, forward, to the end; the slider; the chapter and the viewer. */
function StepControls({ replay, names, ctrl, t, tg }: ControlsProps): ReactElement {
  const { step, last, go } = ctrl;
  return (
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
        <ChapterSelect ctrl={ctrl} t={t} tg={tg} />
        {replay.viewers.length > 1 ? (
          <label className="field inline">
            <span>{t('replay:seenBy')}</span>
            <select
              value={ctrl.viewer === null ? 'spectator' : String(ctrl.viewer)}
              onChange={(e) =>
                ctrl.setViewer(e.currentTarget.value === 'spectator' ? null : Number(e.currentTarget.value))
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
  );
}

/** Jump to a hand, round or turn (none when the game has fewer than two). */
function ChapterSelect({ ctrl, t, tg }: Omit<ControlsProps, 'replay' | 'names'>): ReactElement | null {
  const { chapters, chapterNow } = ctrl;
  if (chapters.length === 0) return null;
  return (
    <label className="field inline">
      <span>{t('replay:jump')}</span>
      <select
        value={chapterNow ? String(chapterNow.step) : ''}
        onChange={(e) => ctrl.go(Number(e.currentTarget.value))}
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
  );
}

/** Every player's hidden cards at the step (a whole record shows them; none: nothing). */
function HiddenHands({
  ctrl,
  t,
  tg,
}: {
  ctrl: ReplayCtrl;
  t: TFunction;
  tg: TFunction;
}): ReactElement | null {
  const { hands, logModule } = ctrl;
  if (!hands.some((h) => h.cards.length > 0)) return null;
  return (
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
  );
}

/** The table's chat beside its replay (shown only when anybody said something). */
function ReplayChat({ tableId, mySeat }: { tableId: string; mySeat: number | null }): ReactElement | null {
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
}): ReactElement {
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
