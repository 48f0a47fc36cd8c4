export { sweet16 } from './game.ts';
export type { Sweet16State } from './state.ts';
export type {
  Sweet16Action,
  Sweet16End,
  Sweet16Event,
  Sweet16Memory,
  Sweet16Phase,
  Sweet16Scoring,
  Sweet16View,
} from './types.ts';
export { SWEET16_PHASES } from './types.ts';
export * as sweet16Cards from './cards.ts';
