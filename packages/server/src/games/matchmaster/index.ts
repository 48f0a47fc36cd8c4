/** MatchMaster's figures: hands played, bids made exactly (MM-9: an exact bid scores 10 + tricks), points. */
import type { MatchMasterView } from '@matchbox/engine';
import type { ServerGamePlugin } from '../plugin.ts';
import { round2 } from '../plugin.ts';

export const matchmasterServer: ServerGamePlugin<
  'hands' | 'exactBids' | 'points',
  'hands' | 'exactBids' | 'pointsPerHand'
> = {
  id: 'matchmaster',
  rowFigures: ['hands', 'exactBids', 'points'],
  profileFigures: ['hands', 'exactBids', 'pointsPerHand'],
  /** Rated: MM-2's 13 hands. */
  ratedFormat: { handSizes: [[7, 6, 5, 4, 3, 2, 1, 2, 3, 4, 5, 6, 7]] },
  seatFigures(view, _result, seat) {
    const history = (view as MatchMasterView).history;
    return {
      hands: history.length,
      exactBids: history.filter((h) => h.bids[seat] === h.tricks[seat]).length,
      points: history.reduce((sum, h) => sum + (h.points[seat] ?? 0), 0),
    };
  },
  summarize(_rows, base, sum) {
    const hands = sum('hands');
    return {
      ...base,
      figures: [
        { name: 'hands', value: hands },
        { name: 'exactBids', value: sum('exactBids') },
        { name: 'pointsPerHand', value: hands > 0 ? round2(sum('points') / hands) : 0 },
      ],
    };
  },
};
