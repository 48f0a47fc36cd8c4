/** MATCHET's hindsight in an analysis of a solitaire (every tile known): whether the deal could be won, and where it was lost. */
import type { MatchetHindsight, MatchetHindsightReport } from '@matchbox/bots/analysis';
import { boolean, int, literal, nullable, object } from '@matchbox/client/answers';

export const matchetHindsight = object<MatchetHindsightReport>({
  kind: literal('matchet-solitaire'),
  result: object<MatchetHindsight>({ winnable: nullable(boolean), lostAt: nullable(int) }),
});
