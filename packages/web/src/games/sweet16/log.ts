/** sweet16's sentences live in @matchbox/client/words/sweet16, shared with the terminal. */
export {
  cardName,
  describeAction,
  describeCard,
  describeEvent,
  seatName,
} from '@matchbox/client/words/sweet16';
