/**
 * The seat's requests beside its moves, the same for every game: a hint (the expert bot's
 * suggestion from what this seat knows, marked on the board, with what its game adds: the
 * suggestion in the game's words and the odds of each outcome after it), undo when the server allows it (`canUndo`), and for a MATCHET Solitaire B deal
 * "is it still winnable?". Refusals are shown by their code in the reader's language.
 *
 * The board is marked without knowing the game: a board tags the element of a choice with
 * `data-action="<notation>"` (one choice), `data-actions="|<notation>|<notation>|"` (several) or
 * `data-choice="<notation>"`, and a style rule here outlines the element of the suggested one.
 */
import type { ActAck, Hint, HintAck, SolveAck, TableUpdate } from '@matchbox/client';
import type { TFunction } from 'i18next';
import type { ReactElement } from 'react';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ERRORS_NS, refusalText } from '../errors.ts';
import { webGame } from '../games/index.ts';
import type { GameId } from '../games/types.ts';
import './tools.css';

export interface TableActionsProps {
  readonly game: GameId;
  readonly options: Readonly<Record<string, unknown>>;
  readonly update: TableUpdate;
  readonly undo: () => Promise<ActAck>;
  readonly hint: () => Promise<HintAck>;
  readonly solve: () => Promise<SolveAck>;
  /** The game's words for a choice's notation, when it has them (`LogModule.describeAction`). */
  readonly describe?: ((text: string) => string | null) | undefined;
}

type Busy = 'hint' | 'undo' | 'solve' | null;
type Note = { readonly kind: 'error' | 'info'; readonly text: string } | null;

/** A CSS string with `"` and `\` escaped. */
const cssString = (text: string): string => `"${text.replace(/["\\]/g, (c) => `\\${c}`)}"`;

/** The style rule that marks the suggested choice on the board. */
export function hintRule(text: string): string {
  const v = cssString(text);
  const bar = cssString(`|${text}|`);
  const selectors = [`[data-action=${v}]`, `[data-actions*=${bar}]`, `[data-choice=${v}]`];
  const marked = selectors.map((s) => `.board-area ${s}`);
  return [
    // Amber dashes around a dark ring: seen on the green tables and on light buttons alike.
    `${marked.join(', ')} { outline: 4px dashed #ffb000; outline-offset: 2px; box-shadow: 0 0 0 2px #1f1b16; animation: hint-pulse 1.2s ease-in-out 2; }`,
    // SVG shapes (a MATCHET spot) take no outline: their edge is drawn instead.
    `${selectors.map((s) => `.board-area svg ${s}`).join(', ')} { outline: none; box-shadow: none; }`,
    `${marked.map((s) => `${s} polygon`).join(', ')} { stroke: #ffb000; stroke-width: 5px; stroke-dasharray: 7 3; }`,
  ].join('\n');
}

/**
 * The odds of each outcome after the suggested choice, as many as any choice weighed lists (an
 * outcome that never came up in the bot's samples has odds 0), or null when the hint has none.
 */
function oddsOf(hint: Hint): number[] | null {
  const first = hint.alternatives[0];
  if (!first || first.text !== hint.text || !first.outcomes) return null;
  const counts = Math.max(...hint.alternatives.map((a) => a.outcomes?.length ?? 0));
  const odds = [...first.outcomes];
  while (odds.length < counts) odds.push(0);
  return odds;
}

export function TableActions(props: TableActionsProps): ReactElement | null {
  const { t } = useTranslation(['tools', ERRORS_NS]);
  const actions = useTableActions(props, t);
  const { canHint, canUndo, canSolve, note, hintNow, verdictNow } = actions;
  if (!canHint && !canUndo && !canSolve && !note) return null;
  return (
    <section className="panel table-actions" aria-label={t('label')} data-testid="table-actions">
      <ActionButtons actions={actions} t={t} />
      <div className="table-actions-out" role="status" aria-live="polite">
        {hintNow ? <HintShown hint={hintNow} game={props.game} describe={props.describe} t={t} /> : null}
        {verdictNow ? (
          <p className="solve-verdict" data-testid="solve-verdict">
            {verdictNow}
          </p>
        ) : null}
        {note ? (
          <p
            className={note.kind === 'error' ? 'error' : 'muted'}
            role={note.kind === 'error' ? 'alert' : undefined}
            data-testid="table-actions-note"
          >
            {note.text}
          </p>
        ) : null}
      </div>
    </section>
  );
}

/**
 * The requests' state: one at a time (`busy`), what they may ask now, and what came back (the
 * hint and the verdict for the position they were asked in, a refusal or "undone").
 */
function useTableActions({ game, options, update, undo, hint, solve }: TableActionsProps, t: TFunction) {
  const [busy, setBusy] = useState<Busy>(null);
  const [note, setNote] = useState<Note>(null);
  const [shown, setShown] = useState<{ version: number; hint: Hint } | null>(null);
  const [verdict, setVerdict] = useState<{ version: number; text: string } | null>(null);

  // A new position makes an old message, hint or verdict stale.
  useEffect(() => setNote(null), [update.version]);

  const seated = update.seat !== null;
  const playing = update.status === 'playing';
  const refused = (error: { code: string; message: string }) =>
    setNote({ kind: 'error', text: refusalText(error, t) });

  const run = async (kind: Exclude<Busy, null>, task: () => Promise<void>) => {
    if (busy) return;
    setBusy(kind);
    setNote(null);
    try {
      await task();
    } finally {
      setBusy(null);
    }
  };

  return {
    busy,
    note,
    canHint: seated && playing && update.legal.length > 0,
    canUndo: seated && playing && update.canUndo,
    canSolve: seated && playing && webGame(game)?.solvable?.(options) === true,
    hintNow: shown && shown.version === update.version ? shown.hint : null,
    verdictNow: verdict && verdict.version === update.version ? verdict.text : null,
    askHint: () =>
      run('hint', async () => {
        const ack = await hint();
        if (ack.ok) setShown({ version: ack.version, hint: ack.hint });
        else refused(ack.error);
      }),
    takeBack: () =>
      run('undo', async () => {
        const ack = await undo();
        if (ack.ok) setNote({ kind: 'info', text: t('undone') });
        else refused(ack.error);
      }),
    askSolve: () =>
      run('solve', async () => {
        const version = update.version;
        const ack = await solve();
        if (ack.ok) setVerdict({ version, text: t(`solve_${ack.status}`) });
        else refused(ack.error);
      }),
  };
}

/** Hint, Undo and "is it still winnable?", each when it may be asked now. */
function ActionButtons({ actions, t }: { actions: ReturnType<typeof useTableActions>; t: TFunction }) {
  const { busy } = actions;
  return (
    <div className="table-actions-buttons">
      {actions.canHint ? (
        <button
          type="button"
          className="button small"
          data-testid="hint-button"
          title={t('hintTitle')}
          aria-busy={busy === 'hint'}
          disabled={busy !== null}
          onClick={() => void actions.askHint()}
        >
          {busy === 'hint' ? t('thinking') : t('hint')}
        </button>
      ) : null}
      {actions.canUndo ? (
        <button
          type="button"
          className="button small"
          data-testid="undo-button"
          title={t('undoTitle')}
          disabled={busy !== null}
          onClick={() => void actions.takeBack()}
        >
          {t('undo')}
        </button>
      ) : null}
      {actions.canSolve ? (
        <button
          type="button"
          className="button small"
          data-testid="solve-button"
          aria-busy={busy === 'solve'}
          disabled={busy !== null}
          onClick={() => void actions.askSolve()}
        >
          {busy === 'solve' ? t('solving') : t('solve')}
        </button>
      ) : null}
    </div>
  );
}

/**
 * The suggestion in words (the game's, else the log's, else its notation), the odds of each
 * outcome after it where its game shows them, and the mark on the board.
 */
function HintShown({
  hint,
  game,
  describe,
  t,
}: {
  hint: Hint;
  game: GameId;
  describe: TableActionsProps['describe'];
  t: TFunction;
}): ReactElement {
  const { t: tg } = useTranslation(game);
  const shape = webGame(game)?.hint;
  const action = shape?.suggestion?.(hint.text, tg) ?? describe?.(hint.text) ?? hint.text;
  const odds = shape?.outcomes ? oddsOf(hint) : null;
  return (
    <div className="hint" data-testid="hint" data-action={hint.text}>
      <p>
        {t('suggest', { action })} <span className="muted hint-marked">{t('marked')}</span>
      </p>
      {odds ? <HintOdds odds={odds} t={tg} /> : null}
      <style>{hintRule(hint.text)}</style>
    </div>
  );
}

/** A bar per outcome, as tall as its odds beside the likeliest; `t`: the game's words. */
function HintOdds({ odds, t }: { odds: readonly number[]; t: TFunction }): ReactElement {
  const { i18n } = useTranslation();
  const percent = new Intl.NumberFormat(i18n.language, { style: 'percent', maximumFractionDigits: 0 });
  const top = Math.max(...odds, 0.01);
  return (
    <div className="hint-odds">
      <p className="hint-odds-title">{t('hint.outcomes')}</p>
      <ol className="hint-odds-list" data-testid="hint-odds">
        {odds.map((p, outcome) => (
          <li
            key={outcome}
            aria-label={t('hint.outcome', { count: outcome, percent: percent.format(p) })}
            data-outcome={outcome}
          >
            <span className="hint-odds-bar" style={{ blockSize: `${Math.round((p / top) * 100)}%` }} />
            <span className="hint-odds-p">{percent.format(p)}</span>
            <span className="hint-odds-k">{outcome}</span>
          </li>
        ))}
      </ol>
    </div>
  );
}
