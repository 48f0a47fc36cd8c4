/**
 * An action of an analysis (the game's notation) in words: the game's own words where its log
 * module has them (a card, a tile, a collect), else its plugin's words for the few choices those
 * leave to the board (`choiceWords`: a bid, a stack, a card by its place in the grid).
 */
import type { TFunction } from 'i18next';
import type { WebGamePlugin } from '../games/plugin.ts';
import type { LogModule } from '../games/types.ts';

/** Words that begin a line or follow a colon: the first letter in capitals. */
const capital = (text: string): string => text.charAt(0).toLocaleUpperCase() + text.slice(1);

export function actionWords(
  text: string,
  log: LogModule | null,
  /** The game's plugin's words for the choices its log module leaves (`choiceWords`). */
  choice: WebGamePlugin['choiceWords'],
  /** The game's namespace. */
  tg: TFunction,
  /** The replay namespace (`analysis.action.*`). */
  t: TFunction,
  /** The seat's view where it chose (a MATCHET tile's place is said from the board). */
  view: unknown,
): string {
  const own = log?.describeAction?.(text, tg, view);
  if (own) return capital(own);
  const board = choice?.(text, tg, t);
  if (board) return board;
  return text;
}
