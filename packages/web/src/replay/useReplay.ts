/**
 * The replay's controller: the step shown and whose eyes it is seen through, the step's view and
 * the chapters (hands, rounds) to jump to, the arrow keys, each step's move in words, the players'
 * hidden cards at the step, the record's download, and the analysis brought into view. The views
 * (ReplayView.tsx) only draw what it holds.
 */
import type { PublicSeat } from '@matchbox/client';
import type { Viewer } from '@matchbox/engine';
import { makeRecordText } from '@matchbox/engine';
import type { TFunction } from 'i18next';
import type { RefObject } from 'react';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { webGame } from '../games/index.ts';
import { useLogModule } from '../games/loaders.ts';
import type { GameId } from '../games/types.ts';
import { ticketFor } from '../tickets.ts';
import { useAnalysis } from './AnalysisPanel.tsx';
import { ANALYSIS_HASH } from './ReplayLink.tsx';
import { actionWords } from './actionWords.ts';
import type { Chapter } from './chapters.ts';
import { chaptersOf } from './chapters.ts';
import type { Replay } from './steps.ts';

export interface Loaded {
  readonly replay: Replay;
  readonly names: readonly string[];
  /** The seats' faces, for a table's replay (none for a file). */
  readonly faces?: readonly PublicSeat[];
  /** The table it belongs to (null for a file). */
  readonly tableId: string | null;
  readonly finished: boolean;
  /** Counts the files opened, so that each one starts afresh. */
  readonly opened: number;
}

/** A seat's hidden cards at the step shown. */
export interface Hand {
  readonly name: string;
  readonly seat: number;
  readonly cards: readonly string[];
}

export interface ReplayCtrl {
  readonly step: number;
  readonly last: number;
  /** Moves to a step (kept within the game). */
  readonly go: (to: number) => void;
  readonly viewer: Viewer;
  readonly setViewer: (viewer: Viewer) => void;
  /** This browser's seat at the table (null: none, or a file). */
  readonly own: number | null;
  readonly current: ReturnType<Replay['at']>;
  readonly chapters: readonly Chapter[];
  /** The chapter the step lies in (none before the first). */
  readonly chapterNow: Chapter | undefined;
  readonly hands: readonly Hand[];
  readonly logModule: ReturnType<typeof useLogModule>;
  /** A step's move in words, as the viewer saw it. */
  readonly moveWords: (step: number) => string;
  /** A decision's candidate in words (the analysis). */
  readonly actionText: (action: string, seat: number, move: number) => string;
  readonly download: () => void;
  readonly analysis: ReturnType<typeof useAnalysis>;
  readonly analysisSeat: number;
  readonly setAnalysisSeat: (seat: number) => void;
  readonly analysisPanel: RefObject<HTMLDivElement | null>;
  readonly boardArea: RefObject<HTMLElement | null>;
  readonly showMoment: (step: number) => void;
}

export function useReplay(loaded: Loaded, game: GameId, t: TFunction, tg: TFunction): ReplayCtrl {
  const { replay, names } = loaded;
  const last = replay.steps.length - 1;
  const own = loaded.tableId ? (ticketFor(loaded.tableId)?.seat ?? null) : null;
  const [step, setStep] = useState(loaded.finished ? 0 : last);
  const [viewer, setViewer] = useState<Viewer>(() =>
    replay.viewers.includes(own) ? own : (replay.viewers[0] ?? null),
  );
  const logModule = useLogModule(game);
  const analysis = useAnalysis(loaded.finished ? loaded.tableId : null);
  const { analysisPanel, boardArea, showMoment } = useAnalysisInView(analysis, setStep, last);
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
  useStepKeys(setStep, go, last);

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
  const moveWords = (i: number): string => {
    // The move itself: the first event of its step (what followed is in the step's log).
    const at = replay.at(i, viewer);
    return describe(at.events.slice(0, 1), viewer, at.view);
  };

  return {
    step,
    last,
    go,
    viewer,
    setViewer,
    own,
    current,
    chapters,
    chapterNow: chapters.filter((c) => c.step <= step).at(-1),
    hands: replay.record
      ? names.map((name, seat) => ({ name, seat, cards: replay.privateCards(step, seat) ?? [] }))
      : [],
    logModule,
    moveWords,
    actionText,
    download: () => downloadRecord(loaded, game),
    analysis,
    analysisSeat,
    setAnalysisSeat,
    analysisPanel,
    boardArea,
    showMoment,
  };
}

/** Arrow keys step anywhere on the page, except where they already mean something (a field, a board). */
function useStepKeys(
  setStep: (update: (step: number) => number) => void,
  go: (to: number) => void,
  last: number,
): void {
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
  }, [setStep, last, go]);
}

/** The record as a text file (docs/records.md), downloaded. */
function downloadRecord({ replay, names, tableId }: Loaded, game: GameId): void {
  if (!replay.record) return;
  const text = makeRecordText(replay.record, names);
  const url = URL.createObjectURL(new Blob([text], { type: 'text/plain' }));
  const a = document.createElement('a');
  a.href = url;
  a.download = `matchbox-${game}-${tableId ?? 'record'}.txt`;
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

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
