/**
 * MATCH!'s levels. easy: the heuristic with slips (a random legal action 30% of the time);
 * medium: the heuristic; hard and expert: ISMCTS over the rest of the round (depth-capped) with
 * heuristic rollouts, over the heuristic's best few wildcard declarations at the root. hard keeps
 * the heuristic's action unless its short search finds a better one by more than its noise;
 * expert takes the search's choice.
 */
import type { Action, MatchView, Seat } from '@matchbox/engine';
import type { Rng } from '@matchbox/engine';
import { FunctionBot, SearchBot } from '../../base.ts';
import type { Bot, BotLevel } from '../../types.ts';
import { decideMatch, heuristicAction, matchAdapter, rootCandidates } from './match.ts';

const easyChoose = (view: MatchView, seat: Seat, legal: readonly Action[], rng: Rng): Action =>
  rng.next() < 0.3 ? legal[rng.int(legal.length)]! : heuristicAction(view, seat, legal);

export const MATCH_SEARCH = {
  hard: { iterations: 150, noise: 0.1, depth: 40 },
  expert: { iterations: 1000, noise: 0.1, depth: 40 },
};

export function matchBot(level: BotLevel, seed: string): Bot<MatchView> | null {
  const name = `match-${level}`;
  switch (level) {
    case 'random':
      return null;
    case 'easy':
      return new FunctionBot(name, level, seed, easyChoose);
    case 'medium':
      return new FunctionBot<MatchView>(name, level, seed, (v, s, l) => heuristicAction(v, s, l));
    case 'hard':
    case 'expert': {
      const cfg = MATCH_SEARCH[level];
      return new SearchBot<MatchView>(name, level, seed, {
        adapter: matchAdapter(cfg),
        options: { iterations: cfg.iterations, timeMs: 200 },
        candidates: rootCandidates,
        // hard: the heuristic checked by a short search; expert: the search decides.
        ...(level === 'hard' ? { decide: decideMatch } : {}),
      });
    }
  }
}
