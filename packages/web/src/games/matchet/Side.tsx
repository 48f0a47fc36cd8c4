/**
 * The panels beside the MATCHET board, one per mode: the seat's hand and every player's points and
 * tiles (several players), the tile to place and the reserve (Solitaire A), the six stacks with the
 * tiles under one stack's top (Solitaire B).
 */
import type { MatchetView } from '@matchbox/engine';
import type { ReactElement } from 'react';
import type { MatchetBoard } from './ctrl.ts';
import { SeatTile, SmallTile } from './TileButton.tsx';

interface SideProps {
  readonly board: MatchetBoard;
  readonly view: MatchetView;
  readonly seat: number | null;
  readonly toAct: readonly number[];
}

/** The seat's own tiles: one tab stop, the arrow keys move between them. */
export function HandPanel({ board, view, seat }: SideProps): ReactElement | null {
  const hand = seat === null ? undefined : view.hands?.[seat];
  if (!hand) return null;
  return (
    <section className="mt-panel" aria-labelledby="mt-hand-h">
      <h3 id="mt-hand-h">{board.t('hand.title', { count: hand.length })}</h3>
      <div className="mt-tray" onKeyDown={board.tray.onKeyDown}>
        {hand.map((id, i) => (
          <SeatTile key={id} board={board} seat={seat} id={id} size={60} dealt={i} />
        ))}
      </div>
    </section>
  );
}

/** Every player's points and tiles (the others' tiles face up), and the rounds played. */
export function PlayersPanel({ board, view, seat, toAct }: SideProps): ReactElement {
  const { t, name } = board;
  return (
    <section className="mt-panel" aria-labelledby="mt-players-h">
      <h3 id="mt-players-h">{t('players.title')}</h3>
      <ol className="mt-players">
        {Array.from({ length: view.players }, (_, s) => (
          <li
            key={s}
            className={`mt-player${toAct.includes(s) ? ' mt-to-act' : ''}`}
            aria-current={toAct.includes(s) ? 'true' : undefined}
            data-seat={s}
            data-seat-chip={s}
          >
            <div className="mt-player-line">
              <span className="mt-player-name">
                {toAct.includes(s) && <span aria-hidden="true">▶ </span>}
                {s === seat ? t('players.you', { name: name(s) }) : name(s)}
              </span>
              <span className="mt-player-score">{t('players.points', { count: view.totals?.[s] ?? 0 })}</span>
              <span className="mt-player-rack">
                {t('players.tiles', { count: view.hands?.[s]?.length ?? 0 })}
              </span>
            </div>
            {s !== seat && (view.hands?.[s]?.length ?? 0) > 0 && (
              <ul className="mt-smalls" aria-label={t('players.handOf', { name: name(s) })}>
                {view.hands![s]!.map((id) => (
                  <SmallTile key={id} board={board} id={id} />
                ))}
              </ul>
            )}
          </li>
        ))}
      </ol>
      <RoundHistory board={board} view={view} seat={seat} />
    </section>
  );
}

/** Who went out in each round played (or that it was blocked), and the points. */
function RoundHistory({ board, view, seat }: Omit<SideProps, 'toAct'>): ReactElement | null {
  const { t, name } = board;
  if ((view.history?.length ?? 0) === 0) return null;
  return (
    <ul className="mt-history">
      {view.history!.map((h) => (
        <li key={h.round}>
          {h.winner === null
            ? t('history.blocked', { round: h.round })
            : t('history.out', {
                round: h.round,
                name: h.winner === seat ? t('youInList') : name(h.winner),
              })}{' '}
          <span className="mt-history-points">
            {h.points.map((p, s) => t('log.scoreOf', { name: name(s), points: p })).join(', ')}
          </span>
        </li>
      ))}
    </ul>
  );
}

/** Solitaire A: the tile to place (drawn or the reserve's top) and the reserve in order. */
export function ReservePanel({ board, view, seat }: SideProps): ReactElement {
  const { t } = board;
  return (
    <section className="mt-panel" aria-labelledby="mt-reserve-h">
      <h3 id="mt-reserve-h">{t('reserve.toPlace')}</h3>
      {view.current ? (
        <div className="mt-tray">
          <SeatTile board={board} seat={seat} id={view.current} size={64} />
          <span className="mt-note">{view.fromReserve ? t('reserve.fromReserve') : t('reserve.drawn')}</span>
        </div>
      ) : (
        <p className="mt-note">{t('reserve.none')}</p>
      )}
      <h3>{t('reserve.title', { count: view.reserveSize ?? 0 })}</h3>
      {(view.reserve?.length ?? 0) > 0 ? (
        <ol className="mt-smalls mt-reserve" aria-label={t('reserve.order')}>
          {view.reserve!.map((id) => (
            <SmallTile key={id} board={board} id={id} />
          ))}
        </ol>
      ) : (
        <p className="mt-note">{t('reserve.empty')}</p>
      )}
      <p className="mt-note">{t('reserve.pool', { count: view.pool ?? 0 })}</p>
    </section>
  );
}

/** Solitaire B: the stacks, each with its top tile and its height; a stack's name opens its tiles. */
export function StacksPanel({ board, view, seat }: SideProps): ReactElement {
  const { t, looking } = board;
  return (
    <section className="mt-panel" aria-labelledby="mt-stacks-h">
      <h3 id="mt-stacks-h">{t('stacks.title')}</h3>
      <ol className="mt-stacks">
        {(view.stacks ?? []).map((st, k) => (
          <li key={k} className="mt-stack" data-stack={k + 1}>
            <StackHead board={board} k={k} height={st.height} beneath={st.beneath.length} />
            <div className="mt-stack-tiles">
              {st.top ? (
                <SeatTile board={board} seat={seat} id={st.top} size={52} />
              ) : (
                <span className="mt-note">{t('stacks.empty')}</span>
              )}
            </div>
          </li>
        ))}
      </ol>
      {/* The tiles under one stack's top, face up (MT-10), at a size a player can read. */}
      <div id="mt-stack-look" className="mt-stack-look" ref={board.lookRef} hidden={looking === null}>
        {looking !== null && (
          <>
            <div className="mt-stack-look-head">
              <h4 id="mt-stack-look-h">{t('stacks.beneath', { n: looking + 1 })}</h4>
              <button type="button" onClick={() => board.setLook(null)}>
                {t('stacks.hide')}
              </button>
            </div>
            <ol className="mt-smalls" aria-labelledby="mt-stack-look-h">
              {view.stacks![looking]!.beneath.map((id) => (
                <SmallTile key={id} board={board} id={id} size={60} />
              ))}
            </ol>
          </>
        )}
      </div>
    </section>
  );
}

/** A stack's name and count: a button that opens the tiles under its top, when there are any. */
function StackHead({
  board,
  k,
  height,
  beneath,
}: {
  board: MatchetBoard;
  k: number;
  height: number;
  beneath: number;
}): ReactElement {
  const { t, looking } = board;
  if (beneath === 0)
    return (
      <div className="mt-stack-head">
        <span>{t('stacks.stack', { n: k + 1 })}</span>
        <span className="mt-note">{t('stacks.left', { count: height })}</span>
      </div>
    );
  return (
    <button
      type="button"
      className="mt-stack-head"
      aria-expanded={looking === k}
      aria-controls="mt-stack-look"
      onClick={() => board.setLook(looking === k ? null : k)}
    >
      <span>{t('stacks.stack', { n: k + 1 })}</span>{' '}
      <span className="mt-note">
        {t('stacks.left', { count: height })}
        <span aria-hidden="true">{looking === k ? ' ▾' : ' ▸'}</span>
      </span>
      <span className="mt-visually-hidden">
        {', '}
        {t('stacks.show', { count: beneath })}
      </span>
    </button>
  );
}
