/**
 * An action of an analysis (the game's notation) in words: the game's own words where its log
 * module has them (a card, a tile, a MATCH! collect), else the few choices those leave to the
 * board (a MatchMaster bid, a MATCH! stack, a Sweet16 card by its place in the grid).
 */
import type { TFunction } from 'i18next';
import type { LogModule } from '../games/types.ts';

/** Words that begin a line or follow a colon: the first letter in capitals. */
const capital = (text: string): string => text.charAt(0).toLocaleUpperCase() + text.slice(1);

export function actionWords(
  text: string,
  log: LogModule | null,
  /** The game's namespace. */
  tg: TFunction,
  /** The replay namespace (`analysis.action.*`). */
  t: TFunction,
  /** The seat's view where it chose (a MATCHET tile's place is said from the board). */
  view: unknown,
): string {
  const own = log?.describeAction?.(text, tg, view);
  if (own) return capital(own);
  const [verb = '', arg = ''] = text.split(' ');
  if (verb === 'bid' && /^\d+$/.test(arg)) return t('analysis.action.bid', { count: Number(arg) });
  if (verb === 'discard' && arg.startsWith('stack:'))
    return t('analysis.action.discardStack', { colour: tg(`colour.${arg.slice(6)}`) });
  if (verb === 'flip') return t('analysis.action.flip', { pos: arg });
  if (verb === 'back') return tg('action.backShort', { pos: arg });
  if (verb === 'activate') return tg('action.activateShort', { pos: arg });
  return text;
}
