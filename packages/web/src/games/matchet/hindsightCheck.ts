/** MATCHET's hindsight in an analysis of a solitaire (every tile known): whether the deal could be won, and where it was lost. */
import type { Hindsight, MatchetHindsight, MatchetHindsightReport } from '@matchbox/bots/analysis';
import { boolean, int, literal, nullable, object } from '@matchbox/client/answers';

/** Whether a hindsight is a MATCHET solitaire's. */
export const isMatchetHindsight = (h: Hindsight): h is MatchetHindsightReport =>
  h.kind === 'matchet-solitaire';

export const matchetHindsight = object<MatchetHindsightReport>({
  kind: literal('matchet-solitaire'),
  result: object<MatchetHindsight>({ winnable: nullable(boolean), lostAt: nullable(int) }),
});
