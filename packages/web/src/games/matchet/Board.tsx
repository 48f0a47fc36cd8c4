/**
 * The MATCHET table: the triangular board (pan and zoom), the tiles the seat may place with their
 * legal spots from the server, a preview of the placement, and the scores; the reserve or the
 * stacks in the solitaires. Every choice comes from `legal` and is sent as its notation.
 */
import { useEffect, useMemo, useRef, useState } from 'react';
import type { ReactElement } from 'react';
import { useTranslation } from 'react-i18next';
import type { MatchetEvent, MatchetView } from '@matchbox/engine';
import type { BoardProps } from '../types.ts';
import { useRovingFocus } from '../../board/useRovingFocus.ts';
import { useSend } from '../../board/useSend.ts';
import { ERRORS_NS, refusalText } from '../../errors.ts';
import { BoardView } from './BoardView.tsx';
import type { TileSide } from './geometry.ts';
import { parseSides } from './geometry.ts';
import type { Placement, Spot } from './legal.ts';
import { byTile, cellKey, spotsOf } from './legal.ts';
import { describeAction, tileName } from '@matchbox/client/words/matchet';
import type { Letters } from './Tile.tsx';
import { TileIcon } from './Tile.tsx';
import './matchet.css';

type T = ReturnType<typeof useTranslation>['t'];

/** "red 8, blue 10, yellow 5": a tile's sides clockwise from red, in words. */
function sidesInWords(sides: readonly TileSide[], t: T): string {
  return sides.map((s) => t('tile.side', { colour: t(`colour.${s.colour}`), value: s.value })).join(', ');
}

interface TileButtonProps {
  readonly tile: string;
  readonly sides: readonly TileSide[];
  readonly letters: Letters;
  readonly playable: boolean;
  readonly selected: boolean;
  readonly reason: string;
  readonly size: number;
  /** The tile's legal placements as `|text|text|`, for the hint's mark. */
  readonly actions?: string | undefined;
  /** `fromKeys`: chosen with Enter or Space, which then moves the focus to the tile's first spot. */
  readonly onChoose: (tile: string, fromKeys: boolean) => void;
}

function TileButton(p: TileButtonProps): ReactElement {
  const { t } = useTranslation('matchet');
  const words = t('tile.label', { sides: sidesInWords(p.sides, t) });
  // The name is the tile in words (and why it cannot be placed), as text inside the button: the
  // drawing's letters and numbers are hidden from assistive technology.
  return (
    <button
      type="button"
      className={`mt-tile-btn${p.selected ? ' mt-selected' : ''}${p.playable ? '' : ' mt-unplayable'}`}
      aria-pressed={p.playable ? p.selected : undefined}
      aria-disabled={p.playable ? undefined : true}
      title={p.playable || !p.reason ? words : p.reason}
      data-tile={p.tile}
      data-actions={p.actions}
      onClick={(e) => p.playable && p.onChoose(p.tile, e.detail === 0)}
    >
      <TileIcon sides={p.sides} letters={p.letters} size={p.size} />
      <span className="mt-visually-hidden">{p.playable || !p.reason ? words : `${words}. ${p.reason}`}</span>
    </button>
  );
}

export default function Board(props: BoardProps<MatchetView, MatchetEvent>): ReactElement {
  const { view, seat, legal, blocked, toAct, events, seatNames, act } = props;
  const { t } = useTranslation(['matchet', ERRORS_NS]);
  const rootRef = useRef<HTMLElement>(null);
  const letters = useMemo<Letters>(() => ({ R: t('letter.R'), Y: t('letter.Y'), B: t('letter.B') }), [t]);
  const name = (s: number): string => seatNames[s] ?? t('seat', { n: s + 1 });
  const sidesOf = (tile: string): TileSide[] => parseSides(view.tileSides[tile]);

  // The legal placements, by tile; the chosen tile and spot; the turn chosen per tile and spot.
  const placements = useMemo(() => byTile(legal), [legal]);
  const playable = [...placements.keys()];
  const [tileChoice, setTileChoice] = useState<string | null>(null);
  const tile = tileChoice && placements.has(tileChoice) ? tileChoice : (playable[0] ?? null);
  const spots = useMemo(() => (tile ? spotsOf(placements.get(tile) ?? []) : []), [tile, placements]);
  const [spotChoice, setSpotChoice] = useState<string | null>(null);
  const spot = spots.find((s) => s.key === spotChoice) ?? null;
  const [turns, setTurns] = useState<Record<string, number>>({});
  const { send, busy, error } = useSend(act, { legal });
  // The arrow keys move between the tiles in front of the seat.
  const tray = useRovingFocus({ selector: 'button[data-tile]' });
  const [focusSpot, setFocusSpot] = useState(false);
  // Solitaire B: the stack whose tiles under the top are shown large (none: null).
  const [look, setLook] = useState<number | null>(null);
  const looking = look !== null && (view.stacks?.[look]?.beneath.length ?? 0) > 0 ? look : null;
  const lookRef = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (look !== null) lookRef.current?.scrollIntoView?.({ block: 'nearest' });
  }, [look]);

  useEffect(() => setTurns({}), [legal]);

  const placementOf = (s: Spot): Placement => {
    const i = turns[`${tile}@${s.key}`] ?? 0;
    return s.options[((i % s.options.length) + s.options.length) % s.options.length]!;
  };
  const rotate = (key: string, step: number) =>
    setTurns((r) => ({ ...r, [`${tile}@${key}`]: (r[`${tile}@${key}`] ?? 0) + step }));

  const place = async (key: string) => {
    const s = spots.find((x) => x.key === key);
    if (!s || busy) return;
    const inBoard = rootRef.current?.querySelector('.mt-board')?.contains(document.activeElement) ?? false;
    if (await send(placementOf(s).text)) setSpotChoice(null);
    // The spot is gone with the placement: keep the keyboard on the board.
    if (inBoard) rootRef.current?.querySelector<SVGSVGElement>('.mt-board')?.focus();
  };

  // Choosing a tile with the keyboard moves on to its first spot on the board.
  const chooseTile = (next: string, fromKeys: boolean) => {
    setTileChoice(next);
    setSpotChoice(null);
    if (fromKeys) setFocusSpot(true);
  };
  useEffect(() => {
    if (!focusSpot) return;
    setFocusSpot(false);
    rootRef.current?.querySelector<SVGGElement>('.mt-spot')?.focus();
  }, [focusSpot]);

  const fresh = useMemo(
    () => new Set(events.flatMap((e) => (e.type === 'place' ? [cellKey(e.row, e.col)] : []))),
    [events],
  );

  const myTurn = seat !== null && toAct.includes(seat) && playable.length > 0;
  const over = view.phase === 'over';
  const solo = view.mode !== 'multi';
  const current = spot ? placementOf(spot) : null;
  const dirWord = (p: Placement): string => t(`redFaces.${p.red}`);

  // A spot in words: which of the tile's spots, the move as the log would say it, the way the red
  // side faces, and the turn shown when there are several.
  const spotLabel = (s: Spot): string => {
    const p = placementOf(s);
    const i = s.options.indexOf(p);
    return t(s.options.length > 1 ? 'spot.labelTurns' : 'spot.label', {
      k: spots.indexOf(s) + 1,
      count: spots.length,
      move: describeAction(p.text, t, view) ?? '',
      dir: dirWord(p),
      n: i + 1,
      of: s.options.length,
    });
  };

  /** Why a tile in front of the seat cannot be placed now (the server's reason when it gave one). */
  const reasonFor = (id: string): string => {
    const b = blocked.find((x) => x.text.startsWith(`${id}@`) && x.code === 'must_take_tallest_stack');
    return b ? refusalText(b, t) : t('tile.noSpot');
  };

  // --- Status line ---
  let status: string;
  if (over) {
    if (solo)
      status =
        view.outcome === 'won'
          ? t('status.soloWon', { placed: view.placed ?? 0, total: view.tileCount })
          : t('status.soloLost', { placed: view.placed ?? 0, total: view.tileCount });
    else {
      const winners = view.winners ?? [];
      status =
        winners.length === 1 && winners[0] === seat
          ? t('status.overYou')
          : t('status.over', {
              count: winners.length,
              names: winners.map((s) => (s === seat ? t('youInList') : name(s))).join(', '),
            });
    }
  } else if (myTurn) {
    status =
      view.phase === 'start'
        ? t('status.yourStart')
        : view.mode === 'reserve'
          ? t(view.fromReserve ? 'status.yourReserveTop' : 'status.yourDrawn', {
              tile: view.current ? tileName(view.current, t, view) : '',
            })
          : view.mode === 'stacks'
            ? t('status.yourStack')
            : t('status.yourTurn');
  } else if (toAct.length > 0) {
    status =
      view.phase === 'start'
        ? t('status.waitingStart', { name: name(toAct[0]!) })
        : t('status.waiting', { name: name(toAct[0]!) });
  } else status = t('status.idle');

  const facts: { key: string; label: string; value: string }[] = [];
  if (view.mode === 'multi') {
    facts.push({
      key: 'round',
      label: t('facts.round'),
      value: t('facts.roundOf', { n: view.round, of: view.rounds }),
    });
    facts.push({ key: 'pool', label: t('facts.pool'), value: String(view.pool ?? 0) });
  } else {
    facts.push({
      key: 'placed',
      label: t('facts.placed'),
      value: t('facts.placedOf', { n: view.placed ?? 0, of: view.tileCount }),
    });
    facts.push({ key: 'points', label: t('facts.points'), value: String(view.points ?? 0) });
    if (view.mode === 'reserve') {
      facts.push({ key: 'pool', label: t('facts.pool'), value: String(view.pool ?? 0) });
      facts.push({ key: 'reserve', label: t('facts.reserve'), value: String(view.reserveSize ?? 0) });
    }
  }

  const tileButton = (id: string, size: number) => (
    <TileButton
      key={id}
      tile={id}
      sides={sidesOf(id)}
      letters={letters}
      playable={myTurn && placements.has(id)}
      actions={myTurn ? actionList(placements.get(id)) : undefined}
      selected={id === tile}
      reason={myTurn ? reasonFor(id) : seat === null ? '' : t('tile.notYourTurn')}
      size={size}
      onChoose={chooseTile}
    />
  );

  const smallTile = (id: string, size = 50) => (
    <li
      key={id}
      className="mt-small"
      data-tile={id}
      title={t('tile.label', { sides: sidesInWords(sidesOf(id), t) })}
    >
      <TileIcon sides={sidesOf(id)} letters={letters} size={size} />
      <span className="mt-visually-hidden">{t('tile.label', { sides: sidesInWords(sidesOf(id), t) })}</span>
    </li>
  );

  return (
    <section
      ref={rootRef}
      className="mt"
      data-game="matchet"
      data-mode={view.mode}
      data-phase={view.phase}
      data-progress={`${view.round ?? 0}.${view.board.length}.${view.phase}`}
      data-busy={busy || undefined}
      aria-label={t('title')}
    >
      <header className="mt-head">
        <span className="mt-mode">{t(`mode.${view.mode}`)}</span>
        <dl className="mt-facts">
          {facts.map((f) => (
            <div key={f.key} data-fact={f.key}>
              <dt>{f.label}</dt>
              <dd>{f.value}</dd>
            </div>
          ))}
        </dl>
        <p className={`mt-status${myTurn ? ' mt-status-you' : ''}`} data-testid="matchet-status">
          {status}
        </p>
      </header>

      <div className="mt-main">
        <div className="mt-board-col">
          <BoardView
            tiles={view.board}
            last={view.last}
            letters={letters}
            fresh={fresh}
            tileSides={tile ? sidesOf(tile) : []}
            spots={myTurn ? spots : []}
            selectedKey={spot?.key ?? null}
            placementOf={placementOf}
            spotLabel={spotLabel}
            onSelect={setSpotChoice}
            onRotate={rotate}
            onPlace={(key) => void place(key)}
            busy={busy}
          />
          <p id="mt-board-help" className="mt-help">
            {myTurn ? t('help.play') : t('help.view')}
          </p>
        </div>

        <div className="mt-side">
          {myTurn && tile && (
            <div className="mt-move" role="group" aria-label={t('move.group')}>
              <div className="mt-move-tile">
                <TileIcon sides={sidesOf(tile)} letters={letters} size={64} />
                <div>
                  <strong>{t('tile.label', { sides: sidesInWords(sidesOf(tile), t) })}</strong>
                  <div className="mt-move-text" aria-live="polite">
                    {current
                      ? t((spot?.options.length ?? 1) > 1 ? 'move.chosenTurns' : 'move.chosen', {
                          k: spot ? spots.indexOf(spot) + 1 : 1,
                          count: spots.length,
                          dir: dirWord(current),
                          n: (spot?.options.indexOf(current) ?? 0) + 1,
                          of: spot?.options.length ?? 1,
                        })
                      : t('move.pickSpot', { count: spots.length })}
                  </div>
                </div>
              </div>
              <div className="mt-move-buttons">
                {spot && spot.options.length > 1 && (
                  <button type="button" onClick={() => rotate(spot.key, 1)} disabled={busy}>
                    {t('move.rotate')}
                  </button>
                )}
                <button
                  type="button"
                  className="mt-primary"
                  onClick={() => spot && void place(spot.key)}
                  disabled={!spot || busy}
                >
                  {t('move.place')}
                </button>
              </div>
              {error && (
                <p className="mt-error" role="alert">
                  {error}
                </p>
              )}
            </div>
          )}

          {view.mode === 'multi' && (
            <>
              {seat !== null && view.hands?.[seat] && (
                <section className="mt-panel" aria-labelledby="mt-hand-h">
                  <h3 id="mt-hand-h">{t('hand.title', { count: view.hands[seat].length })}</h3>
                  <div className="mt-tray" onKeyDown={tray.onKeyDown}>
                    {view.hands[seat].map((id) => tileButton(id, 60))}
                  </div>
                </section>
              )}
              <section className="mt-panel" aria-labelledby="mt-players-h">
                <h3 id="mt-players-h">{t('players.title')}</h3>
                <ol className="mt-players">
                  {Array.from({ length: view.players }, (_, s) => (
                    <li
                      key={s}
                      className={`mt-player${toAct.includes(s) ? ' mt-to-act' : ''}`}
                      aria-current={toAct.includes(s) ? 'true' : undefined}
                      data-seat={s}
                    >
                      <div className="mt-player-line">
                        <span className="mt-player-name">
                          {toAct.includes(s) && <span aria-hidden="true">▶ </span>}
                          {s === seat ? t('players.you', { name: name(s) }) : name(s)}
                        </span>
                        <span className="mt-player-score">
                          {t('players.points', { count: view.totals?.[s] ?? 0 })}
                        </span>
                        <span className="mt-player-rack">
                          {t('players.tiles', { count: view.hands?.[s]?.length ?? 0 })}
                        </span>
                      </div>
                      {s !== seat && (view.hands?.[s]?.length ?? 0) > 0 && (
                        <ul className="mt-smalls" aria-label={t('players.handOf', { name: name(s) })}>
                          {view.hands![s]!.map((id) => smallTile(id))}
                        </ul>
                      )}
                    </li>
                  ))}
                </ol>
                {(view.history?.length ?? 0) > 0 && (
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
                )}
              </section>
            </>
          )}

          {view.mode === 'reserve' && (
            <section className="mt-panel" aria-labelledby="mt-reserve-h">
              <h3 id="mt-reserve-h">{t('reserve.toPlace')}</h3>
              {view.current ? (
                <div className="mt-tray">
                  {tileButton(view.current, 64)}
                  <span className="mt-note">
                    {view.fromReserve ? t('reserve.fromReserve') : t('reserve.drawn')}
                  </span>
                </div>
              ) : (
                <p className="mt-note">{t('reserve.none')}</p>
              )}
              <h3>{t('reserve.title', { count: view.reserveSize ?? 0 })}</h3>
              {(view.reserve?.length ?? 0) > 0 ? (
                <ol className="mt-smalls mt-reserve" aria-label={t('reserve.order')}>
                  {view.reserve!.map((id) => smallTile(id))}
                </ol>
              ) : (
                <p className="mt-note">{t('reserve.empty')}</p>
              )}
              <p className="mt-note">{t('reserve.pool', { count: view.pool ?? 0 })}</p>
            </section>
          )}

          {view.mode === 'stacks' && (
            <section className="mt-panel" aria-labelledby="mt-stacks-h">
              <h3 id="mt-stacks-h">{t('stacks.title')}</h3>
              <ol className="mt-stacks">
                {(view.stacks ?? []).map((st, k) => (
                  <li key={k} className="mt-stack" data-stack={k + 1}>
                    {st.beneath.length > 0 ? (
                      // The stack's name and count open the tiles under its top.
                      <button
                        type="button"
                        className="mt-stack-head"
                        aria-expanded={looking === k}
                        aria-controls="mt-stack-look"
                        onClick={() => setLook(looking === k ? null : k)}
                      >
                        <span>{t('stacks.stack', { n: k + 1 })}</span>{' '}
                        <span className="mt-note">
                          {t('stacks.left', { count: st.height })}
                          <span aria-hidden="true">{looking === k ? ' ▾' : ' ▸'}</span>
                        </span>
                        <span className="mt-visually-hidden">
                          {', '}
                          {t('stacks.show', { count: st.beneath.length })}
                        </span>
                      </button>
                    ) : (
                      <div className="mt-stack-head">
                        <span>{t('stacks.stack', { n: k + 1 })}</span>
                        <span className="mt-note">{t('stacks.left', { count: st.height })}</span>
                      </div>
                    )}
                    <div className="mt-stack-tiles">
                      {st.top ? tileButton(st.top, 52) : <span className="mt-note">{t('stacks.empty')}</span>}
                    </div>
                  </li>
                ))}
              </ol>
              {/* The tiles under one stack's top, face up (MT-10), at a size a player can read. */}
              <div id="mt-stack-look" className="mt-stack-look" ref={lookRef} hidden={looking === null}>
                {looking !== null && (
                  <>
                    <div className="mt-stack-look-head">
                      <h4 id="mt-stack-look-h">{t('stacks.beneath', { n: looking + 1 })}</h4>
                      <button type="button" onClick={() => setLook(null)}>
                        {t('stacks.hide')}
                      </button>
                    </div>
                    <ol className="mt-smalls" aria-labelledby="mt-stack-look-h">
                      {view.stacks![looking]!.beneath.map((id) => smallTile(id, 60))}
                    </ol>
                  </>
                )}
              </div>
            </section>
          )}
        </div>
      </div>
    </section>
  );
}

/** Several placements' notations as `|a|b|` for the hint's mark (none: no attribute). */
export function actionList(list: readonly { readonly text: string }[] | undefined): string | undefined {
  return list && list.length > 0 ? `|${list.map((p) => p.text).join('|')}|` : undefined;
}
