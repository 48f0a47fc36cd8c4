export { sweet16 } from './game';
export type { Sweet16Action } from './actions';
export type { Sweet16State } from './state';
export * as sweet16Cards from './cards';
