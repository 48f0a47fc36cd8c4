/** matchmaster's sentences live in @matchbox/client/words/matchmaster, shared with the terminal. */
export { describeAction, describeCard, describeEvent } from '@matchbox/client/words/matchmaster';
