// axe-core and the notation check over every game's table in play (each mode), a replay, the
// daily deal and the tutorials at phone width, in English and German (axe.ts). The desktop and
// phone halves are files of their own so that two workers share the work.
import { checkScreensOfPlay, describeScreens } from './axe.ts';

describeScreens(
  'axe-core on the screens of play',
  "every game's table in play, its replay, the daily deal and the tutorials",
  [
    ['phone', 'de-DE'],
    ['phone', 'en-GB'],
  ],
  checkScreensOfPlay,
  300_000,
);
