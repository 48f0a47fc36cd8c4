/** matchmaster's sentences live in @matchbox/client/words/matchmaster, shared with the terminal. */
export { describeAction, describeCard, describeEvent, signed } from '@matchbox/client/words/matchmaster';
