/**
 * The turn's buttons beside the grid, each one of the server's choices: stop (or why not), a
 * Joker's value, the set being scored card by card, a steal, skip, the duel's tryst picked on the
 * grid, and pass.
 */
import type { Sweet16View } from '@matchbox/engine';
import type { ReactElement } from 'react';
import type { BoardProps } from '../types.ts';
import { MiniCard } from './CardView.tsx';
import type { Sweet16Board } from './ctrl.ts';
import { cardAt } from './ctrl.ts';
import { cardName } from './log.ts';

interface ActionsProps {
  readonly board: Sweet16Board;
  readonly view: Sweet16View;
  readonly seat: number | null;
  readonly blocked: BoardProps['blocked'];
}

export function Actions(props: ActionsProps): ReactElement | null {
  const { board, seat } = props;
  if (!board.myTurn) return null;
  const buttons = [
    ...stopButton(props),
    ...jokerButtons(props),
    ...scoredSetButtons(props),
    ...stealButtons(props),
    ...skipButton(props),
    ...trystPicker(props),
    ...passButton(props),
  ];
  if (buttons.length === 0) return null;
  return (
    <div
      className="s16-actions"
      role="group"
      aria-label={board.t('action.group', { name: seat === null ? '' : board.name(seat) })}
    >
      {buttons}
    </div>
  );
}

/** Stop and score the turn's total, or (after a flip) why the seat may not stop yet. */
function stopButton({ board, view, blocked }: ActionsProps): ReactElement[] {
  const { t, choices, sender } = board;
  if (view.phase !== 'flip') return [];
  const stop = choices.stop;
  if (stop)
    return [
      <button
        key="stop"
        type="button"
        className="s16-btn s16-btn--primary"
        disabled={sender.busy}
        data-choice={stop}
        onClick={() => void sender.send(stop)}
      >
        {t('action.stop', { total: view.total ?? 0 })}
      </button>,
    ];
  const stopBlocked = blocked.find((b) => b.text === choices.stop || b.text === 'stop');
  if (!stopBlocked || (view.flipped ?? []).length === 0) return [];
  const reason = t(`blocked.${stopBlocked.code}`, { defaultValue: stopBlocked.message });
  return [
    <button key="stop" type="button" className="s16-btn" disabled title={reason} aria-description={reason}>
      {t('action.stopNot')}
    </button>,
  ];
}

function jokerButtons({ board }: ActionsProps): ReactElement[] {
  const { t, choices, sender } = board;
  if (choices.jokers.length === 0) return [];
  return [
    <div key="jokers" className="s16-jokers" role="group" aria-label={t('action.jokerGroup')}>
      {choices.jokers.map((j) => (
        <button
          key={j.text}
          type="button"
          className="s16-btn s16-btn--num"
          disabled={sender.busy}
          aria-label={t('action.joker', { value: j.value })}
          data-choice={j.text}
          onClick={() => void sender.send(j.text)}
        >
          {j.value}
        </button>
      ))}
    </div>,
  ];
}

/** The set being scored, as buttons too (the same choices as clicking the grid). */
function scoredSetButtons({ board, view }: ActionsProps): ReactElement[] {
  const { t, choices, sender } = board;
  if (view.phase !== 'back' && view.phase !== 'activate') return [];
  const verb = view.phase === 'back' ? 'back' : 'activate';
  const buttons: ReactElement[] = [];
  for (const [pos, choice] of choices.byPos) {
    if (choice.verb !== verb) continue;
    const card = cardAt(view, pos);
    const label = t(`action.${verb}`, { card: card ? cardName(card, t) : pos, pos });
    buttons.push(
      <button
        key={choice.text}
        type="button"
        className="s16-btn s16-btn--card"
        disabled={sender.busy}
        aria-label={label}
        title={label}
        data-choice={choice.text}
        onClick={() => void sender.send(choice.text)}
      >
        {card ? <MiniCard card={card} /> : null}
        <span>{t(`action.${verb}Short`, { pos })}</span>
      </button>,
    );
  }
  return buttons;
}

function stealButtons({ board, view }: ActionsProps): ReactElement[] {
  const { t, choices, sender } = board;
  return choices.steals.map((s) => {
    const from = view.diamonds.findIndex((ds) => ds.includes(s.card));
    return (
      <button
        key={s.text}
        type="button"
        className="s16-btn s16-btn--card"
        disabled={sender.busy}
        data-choice={s.text}
        onClick={() => void sender.send(s.text)}
      >
        <MiniCard card={s.card} />
        <span>
          {t('action.steal', { card: cardName(s.card, t), name: from >= 0 ? board.name(from) : '' })}
        </span>
      </button>
    );
  });
}

function skipButton({ board, view }: ActionsProps): ReactElement[] {
  const { t, choices, sender } = board;
  const skip = choices.skip;
  if (!skip) return [];
  return [
    <button
      key="skip"
      type="button"
      className="s16-btn"
      disabled={sender.busy}
      data-choice={skip}
      onClick={() => void sender.send(skip)}
    >
      {t(view.phase === 'club' ? 'action.noSteal' : 'action.skip')}
    </button>,
  ];
}

/** The duel's tryst: the cards selected on the grid, Score (when they are a tryst), Clear, hints. */
function trystPicker({ board, view }: ActionsProps): ReactElement[] {
  const { t, choices, sender, tryst } = board;
  if (view.phase !== 'tryst' || choices.trysts.length === 0) return [];
  const cards = [...tryst.selected].map((pos) => ({ pos, card: cardAt(view, pos) }));
  const matched = tryst.matchedText;
  return [
    <div key="tryst" className="s16-tryst">
      <span className="s16-selection" aria-live="polite">
        {cards.length === 0
          ? t('action.selectNone')
          : cards.map(({ pos, card }) => (card ? <MiniCard key={pos} card={card} title={pos} /> : null))}
      </span>
      <button
        type="button"
        className="s16-btn s16-btn--primary"
        disabled={sender.busy || matched === null}
        onClick={() => matched && void sender.send(matched)}
      >
        {t('action.tryst')}
      </button>
      {tryst.selected.size > 0 ? (
        <button type="button" className="s16-btn" onClick={tryst.clear}>
          {t('action.clear')}
        </button>
      ) : null}
      {tryst.selected.size > 0 && matched === null ? (
        <span className="s16-note">{t('action.notTryst')}</span>
      ) : null}
      <label className="s16-check">
        <input
          type="checkbox"
          checked={tryst.showTrysts}
          onChange={(e) => tryst.setShowTrysts(e.target.checked)}
        />
        {t('action.showTrysts')}
      </label>
    </div>,
  ];
}

function passButton({ board }: ActionsProps): ReactElement[] {
  const { t, choices, sender } = board;
  const pass = choices.pass;
  if (!pass) return [];
  return [
    <button
      key="pass"
      type="button"
      className="s16-btn s16-btn--primary"
      disabled={sender.busy}
      data-choice={pass}
      onClick={() => void sender.send(pass)}
    >
      {t('action.pass')}
    </button>,
  ];
}
