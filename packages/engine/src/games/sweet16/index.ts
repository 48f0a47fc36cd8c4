export { sweet16 } from './game.ts';
export type { Sweet16Action } from './actions.ts';
export type { Sweet16State } from './state.ts';
export * as sweet16Cards from './cards.ts';
