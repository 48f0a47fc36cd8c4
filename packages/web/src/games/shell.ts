/**
 * Where each game's typed screens meet the shells. A table's view and events come over the wire as `unknown`. Here, and only here, a game's typed
 * board and log module meet them (`defineWebGame` calls `erase` for each game): a view is handed on when it names the game (every engine view
 * carries its game's id), and that update's events, which the same game's referee wrote, with it.
 */
import type { ComponentType, ReactElement } from 'react';
import { createElement } from 'react';
import type { BoardModule, BoardProps, GameView, LogModule } from './types.ts';

/** Whether a view from the wire is a view of the game `id` (checked by the game it names). */
function isViewOf<Id extends string, View extends GameView<Id>>(id: Id, view: unknown): view is View {
  return typeof view === 'object' && view !== null && 'game' in view && view.game === id;
}

/** A board that draws its game's view, and nothing for a view of another game. */
function checkedBoard<Id extends string, View extends GameView<Id>, Event>(
  id: Id,
  Board: ComponentType<BoardProps<View, Event>>,
): ComponentType<BoardProps> {
  function GameBoard(props: BoardProps): ReactElement | null {
    const { view, events } = props;
    if (!isViewOf<Id, View>(id, view)) return null;
    // The events arrived in the same update as the view, so they are this game's events.
    return createElement(Board, { ...props, view, events: events as readonly Event[] });
  }
  GameBoard.displayName = `Board(${id})`;
  return GameBoard;
}

/** The log sentences for views and events from the wire; a view of another game is left out. */
function checkedLog<Id extends string, View extends GameView<Id>, Event>(
  id: Id,
  log: LogModule<View, Event>,
): LogModule {
  const viewOf = (view: unknown): View | undefined => (isViewOf<Id, View>(id, view) ? view : undefined);
  const { describeAction, describeCard } = log;
  return {
    // Like the events handed to the board: those of this game's table.
    describeEvent: (event, t, seatNames, viewerSeat, view) =>
      log.describeEvent(event as Event, t, seatNames, viewerSeat, viewOf(view)),
    ...(describeAction ? { describeAction: (text, t, view) => describeAction(text, t, viewOf(view)) } : {}),
    ...(describeCard ? { describeCard } : {}),
  };
}

/** A game's board and log module as the shells take them: for views and events from the wire. */
export interface ShellScreens {
  readonly board: () => Promise<BoardModule>;
  readonly log: () => Promise<LogModule>;
}

/** One game's board and log module, for the shells that hold views as `unknown`. */
export function erase<Id extends string, View extends GameView<Id>, Event>(game: {
  readonly id: Id;
  readonly board: () => Promise<BoardModule<View, Event>>;
  readonly log: () => Promise<LogModule<View, Event>>;
}): ShellScreens {
  return {
    board: () => game.board().then((m) => ({ default: checkedBoard(game.id, m.default) })),
    log: () => game.log().then((m) => checkedLog(game.id, m)),
  };
}
