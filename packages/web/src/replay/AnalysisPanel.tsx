/**
 * A finished game's analysis beside its replay: the "Analyse" button, the progress while the
 * server works, then a graph of each player's expected score over the game (SVG), each player's
 * summary, the key moments of the chosen player in words (each a link to its step), and hindsight
 * with every card open, shown apart. `DecisionChoices` shows the candidates of the decision at the
 * replay's current step with their values.
 */
import type { ComponentType, ReactElement } from 'react';
import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Say } from '@matchbox/client/words/say';
import { errorText } from '../errors.ts';
import { webGame } from '../games/index.ts';
import type { HindsightProps } from '../games/plugin.ts';
import type { AnalysisStatus, DecisionAnalysis, GameAnalysis } from './analysis.ts';
import { analysisOf, decisionAt, formatValue, graphScale, unitShape } from './analysis.ts';

/**
 * A unit of the analysis in words, from the game's namespace (`analysisUnit.<name>`); `score`: the
 * unit of the graph's line, a seat's banked score plus its decision's value (the game's points,
 * not a hand's or a round's, where those are the decisions' unit).
 */
function unitWords(t: Say, analysis: GameAnalysis, score = false): string {
  const name = (score ? unitShape(analysis).score : undefined) ?? analysis.unit;
  return t(`analysisUnit.${name}`, { ns: analysis.game, defaultValue: name });
}

/** Seat colours of the graph (with the legend's names, never the only sign: lines also differ in dash). */
const COLOURS = ['#b8400d', '#1558d6', '#1d7a3e', '#8a3ffc', '#9a5b00', '#00808a'];
const DASHES = ['', '6 3', '2 3', '8 3 2 3', '4 4', '1 2'];

/** How often a waiting or running analysis is asked about (ms). */
const POLL_MS = 1000;

/** Polls a table's analysis while it waits or runs; `start` asks for it. */
export function useAnalysis(tableId: string | null): {
  status: AnalysisStatus | null;
  error: unknown;
  start: () => void;
} {
  const [status, setStatus] = useState<AnalysisStatus | null>(null);
  const [error, setError] = useState<unknown>(null);
  const [asked, setAsked] = useState(0);

  useEffect(() => {
    if (!tableId) return;
    let live = true;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const follow = async (start: boolean) => {
      try {
        const s = await analysisOf(tableId, start);
        if (!live) return;
        setStatus(s);
        setError(null);
        if (s.status === 'queued' || s.status === 'running')
          timer = setTimeout(() => void follow(false), POLL_MS);
      } catch (e) {
        if (live) setError(e);
      }
    };
    void follow(asked > 0);
    return () => {
      live = false;
      clearTimeout(timer);
    };
  }, [tableId, asked]);

  return { status, error, start: () => setAsked((n) => n + 1) };
}

export interface AnalysisPanelProps {
  readonly status: AnalysisStatus | null;
  readonly error: unknown;
  readonly start: () => void;
  readonly names: readonly string[];
  /** The player whose key moments are listed first (the own seat, else the first). */
  readonly seat: number;
  readonly onSeat: (seat: number) => void;
  readonly step: number;
  readonly onStep: (step: number) => void;
  /** An action of the analysis in the game's words, for `seat` at move `move`. */
  readonly describe: (action: string, seat: number, move: number) => string;
}

export function AnalysisPanel(props: AnalysisPanelProps): ReactElement {
  const { t } = useTranslation(['replay', 'errors']);
  const { status, error, start } = props;
  const busy = status?.status === 'queued' || status?.status === 'running';
  return (
    <section className="panel analysis" aria-labelledby="analysis-title" data-testid="analysis">
      <h2 id="analysis-title" className="panel-title">
        {t('analysis.title')}
      </h2>
      {status?.status === 'done' ? (
        <AnalysisView analysis={status.analysis} {...props} />
      ) : (
        <div className="analysis-start">
          <p className="muted">{t('analysis.about')}</p>
          {status?.status === 'failed' ? (
            <p className="error" role="alert">
              {errorText(Object.assign(new Error(status.error.message), status.error), t)}
            </p>
          ) : null}
          {busy ? (
            <Progress status={status} />
          ) : (
            <button
              type="button"
              className="button primary"
              onClick={start}
              disabled={status === null && error === null}
              data-testid="analyse"
            >
              {t('analysis.start')}
            </button>
          )}
          {error ? (
            <p className="error" role="alert">
              {errorText(error, t)}
            </p>
          ) : null}
        </div>
      )}
    </section>
  );
}

function Progress({ status }: { status: AnalysisStatus }) {
  const { t } = useTranslation('replay');
  if (status.status === 'queued')
    return (
      <p className="analysis-progress" role="status" data-testid="analysis-progress">
        {t('analysis.queued', { count: status.position })}
      </p>
    );
  if (status.status !== 'running') return null;
  return (
    <div className="analysis-progress" role="status" data-testid="analysis-progress">
      <span>
        {status.total > 0
          ? t('analysis.running', { done: status.done, total: status.total })
          : t('analysis.starting')}
      </span>
      <progress max={Math.max(1, status.total)} value={status.done} />
    </div>
  );
}

function AnalysisView({
  analysis,
  names,
  seat,
  onSeat,
  step,
  onStep,
  describe,
}: AnalysisPanelProps & { analysis: GameAnalysis }) {
  const { t, i18n } = useTranslation(['replay', analysis.game]);
  const unit = unitWords(t, analysis);
  const summary = analysis.summaries.find((s) => s.seat === seat) ?? analysis.summaries[0];
  const moments = (summary?.keyMoments ?? [])
    .map((m) => decisionAt(analysis, m))
    .filter((d): d is DecisionAnalysis => d !== null);
  return (
    <div className="analysis-body" data-testid="analysis-done">
      <Graph
        analysis={analysis}
        names={names}
        seat={seat}
        step={step}
        onStep={onStep}
        unit={unitWords(t, analysis, true)}
      />
      <ul
        className="analysis-summary"
        data-testid="analysis-summary"
        aria-label={t('analysis.summaryCaption')}
      >
        {analysis.summaries.map((s) => (
          <li key={s.seat} data-seat={s.seat} aria-current={s.seat === seat ? 'true' : undefined}>
            <span className="analysis-summary-name">{names[s.seat]}</span>{' '}
            <span>
              {t('analysis.figures', {
                loss: formatValue(analysis, s.averageLoss, i18n.language),
                unit,
                decisions: s.decisions,
                inaccuracies: s.inaccuracies,
                mistakes: s.mistakes,
                blunders: s.blunders,
              })}
            </span>
          </li>
        ))}
      </ul>
      <p className="muted analysis-unit">
        {t('analysis.explain', {
          unit,
          inaccuracy: formatValue(analysis, analysis.thresholds.inaccuracy, i18n.language),
          mistake: formatValue(analysis, analysis.thresholds.mistake, i18n.language),
          blunder: formatValue(analysis, analysis.thresholds.blunder, i18n.language),
        })}
      </p>

      <h3 className="analysis-subtitle">{t('analysis.keyMoments')}</h3>
      {analysis.seats.length > 1 ? (
        <label className="analysis-pick">
          <span>{t('analysis.playerPick')}</span>
          <select
            value={String(seat)}
            onChange={(e) => onSeat(Number(e.currentTarget.value))}
            data-testid="analysis-seat"
          >
            {analysis.seats.map((s) => (
              <option key={s} value={s}>
                {names[s]}
              </option>
            ))}
          </select>
        </label>
      ) : null}
      {moments.length === 0 ? (
        <p className="muted" data-testid="analysis-no-moments">
          {t('analysis.noMoments', { name: names[seat] })}
        </p>
      ) : (
        <ol className="analysis-moments" data-testid="analysis-moments">
          {moments.map((d) => (
            <li key={d.move}>
              <button type="button" className="link-button" onClick={() => onStep(d.move)}>
                {t('analysis.toStep', { step: d.move })}
              </button>{' '}
              {t('analysis.moment', {
                name: names[d.seat],
                taken: describe(d.taken, d.seat, d.move),
                best: describe(d.best, d.seat, d.move),
                loss: formatValue(analysis, d.loss, i18n.language),
                unit,
                verdict: t(`analysis.verdict_${d.verdict}`),
              })}
            </li>
          ))}
        </ol>
      )}
      <Hindsight analysis={analysis} names={names} onStep={onStep} />
    </div>
  );
}

const hindsightParts = new Map<string, ComponentType<HindsightProps>>();

/** The game's words for its hindsight (games/<game>/Hindsight.tsx), one lazy component per game. */
function hindsightPart(game: string): ComponentType<HindsightProps> | null {
  const load = webGame(game)?.hindsight?.panel;
  if (!load) return null;
  let part = hindsightParts.get(game);
  if (!part) {
    part = lazy(load);
    hindsightParts.set(game, part);
  }
  return part;
}

/** Hindsight, every card open: apart from the verdicts, and said to be so. */
function Hindsight({
  analysis,
  names,
  onStep,
}: {
  analysis: GameAnalysis;
  names: readonly string[];
  onStep: (step: number) => void;
}) {
  const { t } = useTranslation('replay');
  const h = analysis.hindsight;
  const Part = hindsightPart(analysis.game);
  if (!h) return null;
  return (
    <section
      className="analysis-hindsight"
      aria-labelledby="hindsight-title"
      data-testid="analysis-hindsight"
    >
      <h3 id="hindsight-title" className="analysis-subtitle">
        {t('analysis.hindsightTitle')}
      </h3>
      <p className="muted">{t('analysis.hindsightAbout')}</p>
      {Part ? (
        <Suspense fallback={null}>
          <Part hindsight={h} names={names} onStep={onStep} />
        </Suspense>
      ) : null}
    </section>
  );
}

/** The graph's height; its width follows the panel's, so that its words keep their size. */
const H = 220;
const M = { left: 44, right: 12, top: 12, bottom: 26 };

/** Each player's expected score over the game; a click goes to that step. */
function Graph({
  analysis,
  names,
  seat,
  step,
  onStep,
  unit,
}: {
  analysis: GameAnalysis;
  names: readonly string[];
  seat: number;
  step: number;
  onStep: (step: number) => void;
  unit: string;
}) {
  const { t, i18n } = useTranslation('replay');
  const box = useRef<HTMLElement>(null);
  const [W, setW] = useState(640);
  useEffect(() => {
    const el = box.current;
    if (!el || typeof ResizeObserver === 'undefined') return;
    const seen = new ResizeObserver(([entry]) => {
      const w = Math.round(entry?.contentRect.width ?? 640);
      if (w > 0) setW(Math.max(280, Math.min(960, w)));
    });
    seen.observe(el);
    return () => seen.disconnect();
  }, []);
  const s = graphScale(analysis, W, H, M);
  const ticks = [s.min, (s.min + s.max) / 2, s.max];
  const mine = analysis.summaries.find((p) => p.seat === seat);
  const keys = new Set(mine?.keyMoments ?? []);
  const ordered = [...analysis.summaries].sort((a, b) => (a.seat === seat ? 1 : b.seat === seat ? -1 : 0));
  return (
    <figure className="analysis-graph" ref={box}>
      <svg
        viewBox={`0 0 ${W} ${H}`}
        role="img"
        aria-labelledby="analysis-graph-caption"
        data-testid="analysis-graph"
        onClick={(e) => {
          const box = e.currentTarget.getBoundingClientRect();
          onStep(s.moveAt(((e.clientX - box.left) / box.width) * W));
        }}
      >
        <rect
          x={M.left}
          y={M.top}
          width={W - M.left - M.right}
          height={H - M.top - M.bottom}
          className="plot"
        />
        {ticks.map((v, i) => (
          <g key={i}>
            <line x1={M.left} x2={W - M.right} y1={s.y(v)} y2={s.y(v)} className="grid" />
            <text x={M.left - 6} y={s.y(v) + 4} textAnchor="end" className="tick">
              {formatValue(analysis, v, i18n.language)}
            </text>
          </g>
        ))}
        {s.min < 0 && s.max > 0 ? (
          <line x1={M.left} x2={W - M.right} y1={s.y(0)} y2={s.y(0)} className="zero" />
        ) : null}
        <line x1={s.x(step)} x2={s.x(step)} y1={M.top} y2={H - M.bottom} className="now" />
        <text x={M.left} y={H - 8} className="tick">
          {t('analysis.axisStart')}
        </text>
        <text x={W - M.right} y={H - 8} textAnchor="end" className="tick">
          {t('analysis.axisEnd')}
        </text>
        {ordered.map((p) => {
          const points = p.series.map((q) => `${s.x(q.move).toFixed(1)},${s.y(q.score).toFixed(1)}`);
          const only = p.series.length === 1 ? p.series[0]! : null;
          // A player without a decision has only the final score: a dot, not an invisible line.
          if (only)
            return (
              <circle
                key={p.seat}
                cx={s.x(only.move)}
                cy={s.y(only.score)}
                r={p.seat === seat ? 4 : 3}
                fill={COLOURS[p.seat % COLOURS.length]}
                data-seat={p.seat}
              />
            );
          return (
            <polyline
              key={p.seat}
              points={points.join(' ')}
              fill="none"
              stroke={COLOURS[p.seat % COLOURS.length]}
              strokeDasharray={DASHES[p.seat % DASHES.length]}
              strokeWidth={p.seat === seat ? 3 : 1.5}
              opacity={p.seat === seat ? 1 : 0.75}
              data-seat={p.seat}
            />
          );
        })}
        {mine?.series
          .filter((q) => keys.has(q.move))
          .map((q) => (
            <circle
              key={q.move}
              cx={s.x(q.move)}
              cy={s.y(q.score)}
              r={5}
              className="key"
              data-move={q.move}
            />
          ))}
      </svg>
      <figcaption id="analysis-graph-caption">
        {t('analysis.graphCaption', { unit })}
        <span className="analysis-legend">
          {analysis.summaries.map((p) => (
            <span key={p.seat} className="analysis-legend-item">
              <svg width="24" height="10" aria-hidden="true">
                <line
                  x1="0"
                  x2="24"
                  y1="5"
                  y2="5"
                  stroke={COLOURS[p.seat % COLOURS.length]}
                  strokeDasharray={DASHES[p.seat % DASHES.length]}
                  strokeWidth={p.seat === seat ? 3 : 2}
                />
              </svg>
              {t('analysis.legend', {
                name: names[p.seat],
                score: formatValue(analysis, p.finalScore, i18n.language),
              })}
            </span>
          ))}
        </span>
      </figcaption>
    </figure>
  );
}

/** The candidates of the decision at the replay's current step, with their values, best first. */
export function DecisionChoices({
  analysis,
  step,
  names,
  describe,
}: {
  analysis: GameAnalysis;
  step: number;
  names: readonly string[];
  describe: (action: string, seat: number, move: number) => string;
}): ReactElement | null {
  const { t, i18n } = useTranslation(['replay', analysis.game]);
  const d = decisionAt(analysis, step);
  if (!d) {
    if (step >= analysis.moves) return null;
    return (
      <p className="muted analysis-choices-none" data-testid="analysis-choices-none">
        {t('analysis.noChoice')}
      </p>
    );
  }
  const unit = unitWords(t, analysis);
  const shown = d.candidates.slice(0, 8);
  const takenShown = shown.some((c) => c.action === d.taken);
  const rows = takenShown ? shown : [...shown, d.candidates.find((c) => c.action === d.taken)!];
  return (
    <section
      className="panel analysis-choices"
      aria-labelledby="choices-title"
      data-testid="analysis-choices"
      data-verdict={d.verdict}
    >
      <h2 id="choices-title" className="panel-title">
        {t('analysis.choicesTitle', { name: names[d.seat] })}
      </h2>
      <p className="analysis-verdict">
        {d.verdict === 'best' || d.verdict === 'good'
          ? t(d.verdict === 'best' ? 'analysis.playedBest' : 'analysis.playedGood', {
              taken: describe(d.taken, d.seat, d.move),
            })
          : t('analysis.played', {
              taken: describe(d.taken, d.seat, d.move),
              loss: formatValue(analysis, d.loss, i18n.language),
              unit,
              verdict: t(`analysis.verdict_${d.verdict}`),
            })}
      </p>
      <ol className="analysis-candidates">
        {rows.map((c) => (
          <li
            key={c.action}
            data-best={c.action === d.best ? 'true' : undefined}
            data-taken={c.action === d.taken ? 'true' : undefined}
          >
            <span className="analysis-candidate">{describe(c.action, d.seat, d.move)}</span>
            <span className="analysis-value" data-testid="candidate-value">
              {t('analysis.value', { value: formatValue(analysis, c.value, i18n.language), unit })}
            </span>
            {c.action === d.best ? <span className="tag">{t('analysis.best')}</span> : null}
            {c.action === d.taken ? <span className="tag">{t('analysis.taken')}</span> : null}
          </li>
        ))}
      </ol>
      {d.candidates.length > rows.length ? (
        <p className="muted">{t('analysis.more', { count: d.candidates.length - rows.length })}</p>
      ) : null}
    </section>
  );
}
