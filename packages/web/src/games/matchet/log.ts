/** matchet's sentences live in @matchbox/client/words/matchet, shared with the terminal. */
export { describeAction, describeEvent } from '@matchbox/client/words/matchet';
