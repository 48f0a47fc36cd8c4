/** matchmaster's sentences live in @matchbox/client/words/matchmaster, shared with the terminal. */
export { cardName, listInWords, seatName, seatOrYou, sharesName } from '@matchbox/client/words/matchmaster';
