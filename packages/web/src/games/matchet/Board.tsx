/**
 * The MATCHET table: the triangular board (pan and zoom), the tiles the seat may place with their
 * legal spots from the server, a preview of the placement, and the scores; the reserve or the
 * stacks in the solitaires. Every choice comes from `legal` and is sent as its notation. The
 * controller (ctrl.ts) holds the choice and the move in flight; the views here and in Side.tsx
 * draw it.
 */
import type { ReactElement } from 'react';
import { useTranslation } from 'react-i18next';
import type { MatchetEvent, MatchetView } from '@matchbox/engine';
import type { BoardProps } from '../types.ts';
import { usePause } from '../../board/usePause.ts';
import { ERRORS_NS } from '../../errors.ts';
import { BoardView } from './BoardView.tsx';
import { FeltRound } from './FeltRound.tsx';
import type { MatchetBoard } from './ctrl.ts';
import { useMatchetBoard } from './ctrl.ts';
import { HandPanel, PlayersPanel, ReservePanel, StacksPanel } from './Side.tsx';
import { TileIcon } from './Tile.tsx';
import { sidesInWords } from './TileButton.tsx';
import './matchet.css';

type Props = BoardProps<MatchetView, MatchetEvent>;

export default function Board(props: Props): ReactElement {
  const { view, seat, toAct } = props;
  const { t } = useTranslation(['matchet', ERRORS_NS]);
  const board = useMatchetBoard(props, t);
  const side = { board, view, seat, toAct };
  // The table's pause after a round: the round just scored stands over the board meanwhile.
  const paused = usePause(props.pauseUntil) && board.lastRound !== null && view.phase !== 'over';
  return (
    <section
      ref={board.rootRef}
      className="mt"
      data-game="matchet"
      data-mode={view.mode}
      data-phase={view.phase}
      data-progress={`${view.round ?? 0}.${view.board.length}.${view.phase}`}
      data-busy={board.sender.busy || undefined}
      data-pause={paused ? 'true' : undefined}
      aria-label={t('title')}
    >
      <Head board={board} view={view} />
      <div className="mt-main">
        <div className="mt-board-col">
          <BoardView
            tiles={view.board}
            last={view.last}
            letters={board.letters}
            fresh={board.fresh}
            tileSides={board.tile ? board.sidesOf(board.tile) : []}
            spots={board.myTurn ? board.spots : []}
            selectedKey={board.spot?.key ?? null}
            placementOf={board.placementOf}
            spotLabel={board.spotLabel}
            onSelect={board.selectSpot}
            onRotate={board.rotate}
            onPlace={board.place}
            busy={board.sender.busy}
          />
          <p id="mt-board-help" className="mt-help">
            {board.myTurn ? t('help.play') : t('help.view')}
          </p>
          {paused && board.lastRound && (
            <FeltRound
              t={t}
              round={board.lastRound}
              totals={view.totals ?? []}
              seat={seat}
              name={board.name}
            />
          )}
        </div>
        <div className="mt-side">
          {board.myTurn && board.tile && <MoveBox board={board} tile={board.tile} />}
          {view.mode === 'multi' && (
            <>
              <HandPanel {...side} />
              <PlayersPanel {...side} />
            </>
          )}
          {view.mode === 'reserve' && <ReservePanel {...side} />}
          {view.mode === 'stacks' && <StacksPanel {...side} />}
        </div>
      </div>
    </section>
  );
}

/** The mode, the facts (round, pool, tiles placed...) and the status line. */
function Head({ board, view }: { board: MatchetBoard; view: MatchetView }): ReactElement {
  return (
    <header className="mt-head">
      <span className="mt-mode">{board.t(`mode.${view.mode}`)}</span>
      <dl className="mt-facts">
        {board.facts.map((f) => (
          <div key={f.key} data-fact={f.key}>
            <dt>{f.label}</dt>
            <dd>{f.value}</dd>
          </div>
        ))}
      </dl>
      <p className={`mt-status${board.myTurn ? ' mt-status-you' : ''}`} data-testid="matchet-status">
        {board.status}
      </p>
    </header>
  );
}

/** The chosen tile, the chosen spot and turn in words, Rotate and Place, and a refusal. */
function MoveBox({ board, tile }: { board: MatchetBoard; tile: string }): ReactElement {
  const { t, spot, spots, current, sender } = board;
  return (
    <div className="mt-move" role="group" aria-label={t('move.group')}>
      <div className="mt-move-tile">
        <TileIcon sides={board.sidesOf(tile)} letters={board.letters} size={64} />
        <div>
          <strong>{t('tile.label', { sides: sidesInWords(board.sidesOf(tile), t) })}</strong>
          <div className="mt-move-text" aria-live="polite">
            {current
              ? t((spot?.options.length ?? 1) > 1 ? 'move.chosenTurns' : 'move.chosen', {
                  k: spot ? spots.indexOf(spot) + 1 : 1,
                  count: spots.length,
                  dir: board.dirWord(current),
                  n: (spot?.options.indexOf(current) ?? 0) + 1,
                  of: spot?.options.length ?? 1,
                })
              : t('move.pickSpot', { count: spots.length })}
          </div>
        </div>
      </div>
      <div className="mt-move-buttons">
        {spot && spot.options.length > 1 && (
          <button type="button" onClick={() => board.rotate(spot.key, 1)} disabled={sender.busy}>
            {t('move.rotate')}
          </button>
        )}
        <button
          type="button"
          className="mt-primary"
          onClick={() => spot && board.place(spot.key)}
          disabled={!spot || sender.busy}
        >
          {t('move.place')}
        </button>
      </div>
      {sender.error && (
        <p className="mt-error" role="alert">
          {sender.error}
        </p>
      )}
    </div>
  );
}
