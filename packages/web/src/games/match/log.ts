/** match's sentences live in @matchbox/client/words/match, shared with the terminal. */
export type { Say as Translate } from '@matchbox/client/words/say';
export {
  cardName,
  declarationName,
  describe,
  describeAction,
  describeCard,
  describeEvent,
  joinList,
  seatName,
} from '@matchbox/client/words/match';
