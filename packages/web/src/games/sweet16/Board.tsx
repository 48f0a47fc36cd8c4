/**
 * The Sweet16 table: the grid of cards (9 x 6, or 7 x 7 in the duel) with flips, looks, the
 * clique and the set being scored; the turn's prompt with its buttons; every seat's score, pile
 * and diamonds. It renders the seat's `Sweet16View` and offers exactly the server's `legal`
 * choices: a grid position is clickable when a choice names it, and a click sends that choice's
 * notation. The duel's tryst is picked cell by cell and sent when the selection is one of the
 * listed trysts. No rules are computed here: the controller (ctrl.ts) holds the choices and the
 * move in flight, and the views (Grid.tsx, Actions.tsx, Panels.tsx) draw them.
 */
import type { ReactElement } from 'react';
import { useTranslation } from 'react-i18next';
import type { Sweet16Event, Sweet16View } from '@matchbox/engine';
import type { BoardProps } from '../types.ts';
import { ERRORS_NS } from '../../errors.ts';
import { Actions } from './Actions.tsx';
import { useSweet16Board } from './ctrl.ts';
import { Grid } from './Grid.tsx';
import { Legend, Players, ScoringPanel, Status, TurnPanel } from './Panels.tsx';
import './sweet16.css';

type Props = BoardProps<Sweet16View, Sweet16Event>;

export default function Board(props: Props): ReactElement {
  const { view, seat, blocked } = props;
  const { t } = useTranslation(['sweet16', ERRORS_NS]);
  const board = useSweet16Board(props, t);
  const { myTurn, name, sender } = board;
  return (
    <section
      className={`s16 ${board.duel ? 's16--duel' : 's16--base'}`}
      aria-label={t('board.label')}
      aria-busy={sender.busy}
      data-mode={view.mode}
      data-phase={view.phase}
      data-turn={view.turn}
      data-my-turn={myTurn}
    >
      <Status view={view} seat={seat} myTurn={myTurn} name={name} choices={board.choices} />
      <div className="s16-layout">
        <div className="s16-play">
          <div ref={board.actionsRef} className="s16-actions-wrap" onFocusCapture={board.onActionsFocus}>
            <Actions board={board} view={view} seat={seat} blocked={blocked} />
          </div>
          {sender.error ? (
            <p className="s16-error" role="alert">
              {sender.error}
            </p>
          ) : null}
          <div className="s16-gridwrap">
            <Grid board={board} view={view} seat={seat} />
          </div>
        </div>
        <aside className="s16-side">
          <TurnPanel view={view} name={name} memory={board.memory} seat={seat} />
          <ScoringPanel view={view} name={name} />
          <Players
            view={view}
            seat={seat}
            name={name}
            steals={myTurn ? board.choices.steals : []}
            send={sender.send}
            pending={sender.busy}
          />
          <Legend view={view} />
        </aside>
      </div>
    </section>
  );
}
