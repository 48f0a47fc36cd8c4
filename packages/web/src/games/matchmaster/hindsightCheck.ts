/** MatchMaster's hindsight in an analysis (every card open): per hand and seat, the most tricks it could make sure of. */
import type { MatchMasterHindsight, MatchMasterHindsightReport } from '@matchbox/bots/analysis';
import { array, int, literal, nullable, object } from '@matchbox/client/answers';

export const matchmasterHindsight = object<MatchMasterHindsightReport>({
  kind: literal('matchmaster'),
  hands: array(
    object<MatchMasterHindsight>({
      part: int,
      seat: int,
      bid: int,
      tricks: int,
      maxTricks: nullable(int),
    }),
  ),
});
