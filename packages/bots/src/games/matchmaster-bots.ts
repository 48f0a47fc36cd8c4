/**
 * MatchMaster's levels. easy: the heuristic with slips (a bid off by one, a random card now and
 * then); medium: the heuristic; hard and expert: ISMCTS over the current hand with heuristic
 * rollouts, expert with a larger budget and the exact one-card-hand bid.
 */
import type { Action, MatchMasterAction, MatchMasterView, Seat } from '@matchbox/engine';
import type { Rng } from '@matchbox/engine';
import { FunctionBot, SearchBot } from '../base.ts';
import type { Bot, BotLevel } from '../types.ts';
import { BID, heuristicAction, matchmasterAdapter, oneCardBid, viewHandMask } from './matchmaster.ts';
import { matchmasterCards } from '@matchbox/engine';

const easyChoose = (view: MatchMasterView, seat: Seat, legal: readonly Action[], rng: Rng): Action => {
  const a = heuristicAction(view, seat, legal) as MatchMasterAction;
  if (a.type === 'bid') {
    if (rng.next() < 0.5) {
      const b = a.bid + (rng.next() < 0.5 ? -1 : 1);
      if (b >= 0 && b <= view.handSize) return BID[b]!;
    }
    return a;
  }
  return rng.next() < 0.3 ? legal[rng.int(legal.length)]! : a;
};

/** Exact bid in one-card hands: the seat's place after the leader fixes the odds. */
function exactOneCard(view: MatchMasterView, seat: Seat, legal: readonly Action[]): Action | null {
  if (view.phase !== 'bid' || view.handSize !== 1 || legal[0]?.type !== 'bid') return null;
  const hand = viewHandMask(view);
  let card = -1;
  for (let s = 0; s < 4; s++) if (hand[s]) card = s * matchmasterCards.RANKS + (31 - Math.clz32(hand[s]!));
  const n = view.players;
  const leader = (view.dealer + 1) % n;
  return BID[oneCardBid(card, n, (seat - leader + n) % n)]!;
}

export const MATCHMASTER_SEARCH = {
  hard: { iterations: 700, noise: 0.1, spite: 0, modelOpponents: false },
  expert: { iterations: 2000, noise: 0.1, spite: 0, modelOpponents: false },
};

export function matchmasterBot(level: BotLevel, seed: string): Bot<MatchMasterView> | null {
  const name = `matchmaster-${level}`;
  switch (level) {
    case 'random':
      return null;
    case 'easy':
      return new FunctionBot(name, level, seed, easyChoose);
    case 'medium':
      return new FunctionBot<MatchMasterView>(name, level, seed, (v, s, l) => heuristicAction(v, s, l));
    case 'hard':
    case 'expert': {
      const cfg = MATCHMASTER_SEARCH[level];
      return new SearchBot<MatchMasterView>(name, level, seed, {
        adapter: matchmasterAdapter(cfg),
        options: { iterations: cfg.iterations, timeMs: 200 },
        ...(level === 'expert' ? { shortcut: exactOneCard } : {}),
      });
    }
  }
}
