/**
 * The panels around the Sweet16 grid: the status line and the turn's prompt, this turn's flips
 * and the last turn's, the set being scored, every seat's score, pile and diamonds (a diamond to
 * steal is a button), and the legend.
 */
import type { ReactElement } from 'react';
import { useTranslation } from 'react-i18next';
import type { Sweet16View } from '@matchbox/engine';
import { MiniCard } from './CardView.tsx';
import type { sortChoices } from './choices.ts';
import type { Name } from './ctrl.ts';
import { cardAt } from './ctrl.ts';
import { cardName } from './log.ts';
import type { EventMemory, TurnSummary } from './turns.ts';

export function Status({
  view,
  seat,
  myTurn,
  name,
  choices,
}: {
  view: Sweet16View;
  seat: number | null;
  myTurn: boolean;
  name: Name;
  choices: ReturnType<typeof sortChoices>;
}): ReactElement {
  const { t } = useTranslation('sweet16');
  const duel = view.mode === 'duel';
  let prompt: string;
  if (view.phase === 'over' || view.toPlay === null) {
    const w = view.winners?.[0];
    prompt =
      w === undefined
        ? t('status.over')
        : w === seat
          ? t('status.youWin', { score: view.scores[w] })
          : t('status.wins', { name: name(w), score: view.scores[w] });
  } else if (myTurn) {
    prompt = promptFor(view, choices, t, seat);
  } else {
    prompt = t(`waiting.${view.phase}`, { name: name(view.toPlay) });
  }
  return (
    <header className="s16-status">
      <div className="s16-status-line">
        <span className="s16-mode">
          {duel ? t('status.duel') : t('status.base', { players: view.players })}
        </span>
        {view.gridNumber !== undefined ? (
          <span className="s16-gridno" data-testid="s16-grid-number">
            {t('status.gridNumber', { number: view.gridNumber, of: view.grids })}
          </span>
        ) : null}
        <span className="s16-turn">{t('status.turn', { turn: view.turn })}</span>
        <span className="s16-ingrid">{t('status.inGrid', { count: view.inGrid })}</span>
        {duel && seat !== null ? (
          <span className="s16-lines">{t(seat === 0 ? 'status.youRows' : 'status.youColumns')}</span>
        ) : null}
        {view.memoryAid ? <span className="s16-chip">{t('status.memoryAid')}</span> : null}
      </div>
      <p className={`s16-prompt ${myTurn ? 's16-prompt--mine' : ''}`} role="status">
        {prompt}
        {view.ended ? (
          <span className="s16-ended" data-ended={view.ended}>
            {' '}
            {t(`ended.${view.ended}`, { count: view.inGrid })}
          </span>
        ) : null}
      </p>
    </header>
  );
}

function promptFor(
  view: Sweet16View,
  choices: ReturnType<typeof sortChoices>,
  t: ReturnType<typeof useTranslation>['t'],
  seat: number | null,
): string {
  const left = view.scoring?.left ?? 0;
  switch (view.phase) {
    case 'flip':
      if (choices.byPos.size === 0 && choices.stop) return t('prompt.onlyStop');
      if ((view.flipped ?? []).length === 0) return t('prompt.flipFirst');
      return choices.stop
        ? t('prompt.flipOrStop', { total: view.total ?? 0 })
        : t('prompt.flipMore', { total: view.total ?? 0 });
    case 'joker':
      return t('prompt.joker');
    case 'back':
      return t(view.scoring?.kind === 'clique' ? 'prompt.backClique' : 'prompt.backTryst');
    case 'activate':
      return t('prompt.activate');
    case 'club':
      return choices.steals.length > 0 ? t('prompt.club') : t('prompt.clubNone');
    case 'heart':
      return t('prompt.heart');
    case 'spade':
      return t('prompt.spade', { count: left });
    case 'tryst':
      return choices.trysts.length === 0 && choices.pass
        ? t('prompt.pass')
        : t(seat === 1 ? 'prompt.trystColumns' : 'prompt.trystRows');
    case 'take':
      return t('prompt.take');
    case 'bury':
      return t('prompt.bury', { count: left });
    case 'over':
      return t('status.over');
  }
}

function TurnStrip({
  summary,
  name,
  title,
}: {
  summary: TurnSummary;
  name: Name;
  title: string;
}): ReactElement {
  const { t } = useTranslation('sweet16');
  const o = summary.outcome;
  const outcome =
    o === null
      ? ''
      : o.kind === 'lose_face'
        ? t('turnlog.loseFace', { total: o.total })
        : o.kind === 'stuck'
          ? t('turnlog.stuck', { total: o.total })
          : o.kind === 'clique'
            ? t('turnlog.clique', { total: o.total })
            : t(`turnlog.${o.kind}`);
  return (
    <div className="s16-strip">
      <div className="s16-strip-title">
        {title}: <strong>{name(summary.seat)}</strong>
      </div>
      <div className="s16-strip-cards">
        {summary.flips.map((f) => (
          <span key={f.pos} className="s16-strip-card">
            <MiniCard card={f.card} title={`${f.pos}: ${cardName(f.card, t)}`} />
            {f.value !== undefined ? <span className="s16-mini-note">= {f.value}</span> : null}
          </span>
        ))}
        {outcome ? <span className="s16-strip-outcome">{outcome}</span> : null}
      </div>
    </div>
  );
}

export function TurnPanel({
  view,
  name,
  memory,
  seat,
}: {
  view: Sweet16View;
  name: Name;
  memory: EventMemory;
  seat: number | null;
}): ReactElement | null {
  const { t } = useTranslation('sweet16');
  const flipped = view.flipped ?? [];
  const peeks = Object.entries(view.peeks ?? {});
  const looks = memory.looks.filter((l) => !(view.peeks ?? {})[l.pos]);
  const parts: ReactElement[] = [];
  if (view.mode === 'base' && flipped.length > 0 && view.toPlay !== null) {
    parts.push(
      <div key="now" className="s16-strip">
        <div className="s16-strip-title">{t('panel.thisTurn', { name: name(view.toPlay) })}</div>
        <div className="s16-strip-cards">
          {flipped.map((pos) => {
            const card = cardAt(view, pos);
            return card && card !== '?' ? (
              <span key={pos} className="s16-strip-card">
                <MiniCard card={card} title={`${pos}: ${cardName(card, t)}`} />
                {view.jokers?.[pos] !== undefined ? (
                  <span className="s16-mini-note">= {view.jokers[pos]}</span>
                ) : null}
              </span>
            ) : null;
          })}
          <span className="s16-total">{t('panel.total', { total: view.total ?? 0 })}</span>
        </div>
      </div>,
    );
  }
  if (view.clique) {
    parts.push(
      <p key="clique" className="s16-line">
        {t('panel.clique', {
          name: name(view.clique.owner),
          total: view.clique.total,
          cells: view.clique.cells.join(' '),
        })}
      </p>,
    );
  } else if (view.mode === 'base') {
    parts.push(
      <p key="noclique" className="s16-line">
        {t('panel.noClique')}
      </p>,
    );
  }
  if (seat !== null && (peeks.length > 0 || looks.length > 0)) {
    parts.push(
      <div key="looks" className="s16-strip s16-strip--private">
        <div className="s16-strip-title">{t('panel.yourLooks')}</div>
        <div className="s16-strip-cards">
          {peeks.map(([pos, card]) => (
            <span key={pos} className="s16-strip-card">
              <MiniCard card={card} title={`${pos}: ${cardName(card, t)}`} />
              <span className="s16-mini-note">{pos}</span>
            </span>
          ))}
          {looks.map((l) => (
            <span key={l.pos} className="s16-strip-card">
              <MiniCard card={l.card} title={`${l.pos}: ${cardName(l.card, t)}`} />
              <span className="s16-mini-note">{l.pos}</span>
            </span>
          ))}
        </div>
      </div>,
    );
  }
  if (memory.last)
    parts.push(<TurnStrip key="last" summary={memory.last} name={name} title={t('panel.lastTurn')} />);
  if (parts.length === 0) return null;
  return (
    <section className="s16-panel" aria-label={t('panel.turnLabel')}>
      {parts}
    </section>
  );
}

export function ScoringPanel({ view, name }: { view: Sweet16View; name: Name }): ReactElement | null {
  const { t } = useTranslation('sweet16');
  const s = view.scoring;
  const duel = view.mode === 'duel';
  const buried = view.buried ?? [];
  if (!s && !(duel && (buried.length > 0 || (view.outOfPlay ?? 0) > 0))) return null;
  return (
    <section className="s16-panel" aria-label={t('scoring.label')}>
      {s && view.toPlay !== null ? (
        <div className="s16-strip">
          <div className="s16-strip-title">
            {t(s.kind === 'clique' ? 'scoring.clique' : 'scoring.tryst', { name: name(view.toPlay) })}
          </div>
          <div className="s16-strip-cards">
            {s.cells.map((pos) => {
              const card = cardAt(view, pos);
              return card && card !== '?' ? (
                <MiniCard key={pos} card={card} title={`${pos}: ${cardName(card, t)}`} />
              ) : null;
            })}
          </div>
          {s.putBack ? <p className="s16-line">{t('scoring.putBack', { pos: s.putBack })}</p> : null}
          {s.activated ? (
            <p className="s16-line s16-line--card">
              <MiniCard card={s.activated} />
              {t('scoring.activated', { card: cardName(s.activated, t) })}
            </p>
          ) : null}
          {s.looks.length > 0 ? (
            <p className="s16-line">
              {t(duel ? 'scoring.buriedAt' : 'scoring.looks', { cells: s.looks.join(' ') })}
            </p>
          ) : null}
        </div>
      ) : null}
      {duel && buried.length > 0 ? (
        <div className="s16-strip">
          <div className="s16-strip-title">{t('scoring.buried', { count: buried.length })}</div>
          <div className="s16-strip-cards">
            {buried.map((c) => (
              <MiniCard key={c} card={c} title={cardName(c, t)} />
            ))}
          </div>
        </div>
      ) : null}
      {duel && (view.outOfPlay ?? 0) > 0 ? (
        <p className="s16-line">{t('scoring.outOfPlay', { count: view.outOfPlay })}</p>
      ) : null}
    </section>
  );
}

export function Players({
  view,
  seat,
  name,
  steals,
  send,
  pending,
}: {
  view: Sweet16View;
  seat: number | null;
  name: Name;
  steals: ReturnType<typeof sortChoices>['steals'];
  send: (text: string) => Promise<unknown>;
  pending: boolean;
}): ReactElement {
  const { t } = useTranslation('sweet16');
  return (
    <section className="s16-panel" aria-label={t('players.label')}>
      <ul className="s16-players">
        {view.scores.map((score, s) => {
          const diamonds = view.diamonds[s] ?? [];
          const toPlay = view.toPlay === s;
          const winner = view.winners?.includes(s) ?? false;
          return (
            <li
              key={s}
              className={`s16-player ${toPlay ? 's16-player--toplay' : ''} ${winner ? 's16-player--winner' : ''}`}
              data-seat-chip={s}
            >
              <div className="s16-player-head">
                <span className="s16-player-name">
                  {toPlay ? <span aria-hidden="true">▶ </span> : null}
                  {winner ? <span aria-hidden="true">★ </span> : null}
                  {name(s)}
                  {s === seat ? <span className="s16-you"> {t('players.you')}</span> : null}
                </span>
                {view.mode === 'duel' ? (
                  <span className="s16-chip">{t(s === 0 ? 'players.rows' : 'players.columns')}</span>
                ) : null}
                {view.clique?.owner === s ? (
                  <span className="s16-chip s16-chip--clique">{t('players.clique')}</span>
                ) : null}
                <span className="s16-score">{t('players.score', { count: score })}</span>
              </div>
              <div className="s16-player-body">
                <span className="s16-pile" title={t('players.pile', { count: view.piles[s] ?? 0 })}>
                  <svg viewBox="0 0 30 36" aria-hidden="true" focusable="false">
                    <rect x="6" y="1" width="22" height="30" rx="3" fill="#4d6ea5" stroke="#17294a" />
                    <rect x="4" y="3" width="22" height="30" rx="3" fill="#3b5b90" stroke="#17294a" />
                    <rect x="2" y="5" width="22" height="30" rx="3" fill="#2c4a7a" stroke="#17294a" />
                  </svg>
                  <span>{t('players.pile', { count: view.piles[s] ?? 0 })}</span>
                </span>
                <span
                  className="s16-diamonds"
                  role="group"
                  aria-label={t('players.diamonds', { count: diamonds.length })}
                >
                  {diamonds.map((d) => {
                    const steal = steals.find((x) => x.card === d);
                    return steal ? (
                      <button
                        key={d}
                        type="button"
                        className="s16-diamond s16-diamond--steal"
                        disabled={pending}
                        aria-label={t('action.steal', { card: cardName(d, t), name: name(s) })}
                        data-choice={steal.text}
                        onClick={() => void send(steal.text)}
                      >
                        <MiniCard card={d} />
                      </button>
                    ) : (
                      <span key={d} className="s16-diamond" role="img" aria-label={cardName(d, t)}>
                        <MiniCard card={d} />
                      </span>
                    );
                  })}
                </span>
              </div>
            </li>
          );
        })}
      </ul>
    </section>
  );
}

export function Legend({ view }: { view: Sweet16View }): ReactElement {
  const { t } = useTranslation('sweet16');
  const duel = view.mode === 'duel';
  return (
    <details className="s16-legend">
      <summary>{t('legend.title')}</summary>
      <ul>
        {duel ? (
          <>
            <li>{t('legend.duelLines')}</li>
            <li>
              <span className="s16-key s16-key--selected" aria-hidden="true" /> {t('legend.selected')}
            </li>
          </>
        ) : (
          <>
            <li>
              <span className="s16-key s16-key--flipped" aria-hidden="true" /> {t('legend.flipped')}
            </li>
            <li>
              <span className="s16-key s16-key--clique" aria-hidden="true" /> {t('legend.clique')}
            </li>
            <li>{t('legend.peek')}</li>
            {view.memoryAid ? <li>{t('legend.memory')}</li> : null}
            <li>{t('legend.notHeart')}</li>
          </>
        )}
        <li>
          <span className="s16-key s16-key--scoring" aria-hidden="true" /> {t('legend.scoring')}
        </li>
        <li>{t('legend.suits')}</li>
        <li>{t('legend.keys')}</li>
      </ul>
    </details>
  );
}
