// axe-core and the notation check over the score pad and the account pages, at desktop width in
// English and phone width in German (axe.ts).
import { checkPadAndAccount, describeScreens } from './axe.ts';

describeScreens(
  'axe-core on the score pad and the account pages',
  'the score pad and the account pages',
  [
    ['desktop', 'en-GB'],
    ['phone', 'de-DE'],
  ],
  checkPadAndAccount,
  180_000,
);
