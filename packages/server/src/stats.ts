/**
 * Per-player figures from finished games. When a game ends, `seatFigures` takes each seat's share
 * from the engine's public view of the final state (what a spectator sees at the end: every bid,
 * trick and score is public by then); `summarize` adds a player's rows up per game.
 *
 * - MatchMaster: hands played, bids made exactly (MM-9: an exact bid scores 10 + tricks), points.
 * - MATCH!: rounds won: rounds where the seat's round score (MA-10) is the highest (ties count).
 * - Sweet16: the bank: the final score (S16-8: score pile and diamonds).
 * - MATCHET: several players: rounds won (the seat that played out, MT-7); solitaires: solved.
 */
import type { GameResult, MatchMasterView, MatchView, MatchetView } from '@matchbox/engine';
import type { PlayerStats } from '@matchbox/client/wire';

/** One seat's figures from one game (stored as JSON in game_results.stats). */
export interface SeatFigures {
  hands?: number;
  exactBids?: number;
  points?: number;
  roundsWon?: number;
  bank?: number;
  solitaire?: boolean;
  solved?: boolean;
}

export function seatFigures(game: string, view: unknown, result: GameResult, seat: number): SeatFigures {
  switch (game) {
    case 'matchmaster': {
      const history = (view as MatchMasterView).history;
      return {
        hands: history.length,
        exactBids: history.filter((h) => h.bids[seat] === h.tricks[seat]).length,
        points: history.reduce((sum, h) => sum + (h.points[seat] ?? 0), 0),
      };
    }
    case 'match': {
      const rounds = (view as MatchView).rounds;
      return { roundsWon: rounds.filter((r) => r.scores[seat] === Math.max(...r.scores)).length };
    }
    case 'sweet16':
      return { bank: result.scores[seat] ?? 0 };
    case 'matchet': {
      if (result.solo) return { solitaire: true, solved: result.solo.won };
      const history = (view as MatchetView).history ?? [];
      return { roundsWon: history.filter((r) => r.winner === seat).length };
    }
    default:
      return {};
  }
}

export interface ResultRow {
  readonly game: string;
  readonly rank: number;
  readonly score: number;
  readonly stats: SeatFigures;
}

const round2 = (x: number) => Math.round(x * 100) / 100;

/** A player's figures per game, from its finished games' rows. */
export function summarize(rows: readonly ResultRow[]): PlayerStats[] {
  const byGame = new Map<string, ResultRow[]>();
  for (const r of rows) byGame.set(r.game, [...(byGame.get(r.game) ?? []), r]);
  const out: PlayerStats[] = [];
  for (const [game, list] of byGame) {
    const sum = (f: (s: SeatFigures) => number | undefined) =>
      list.reduce((a, r) => a + (f(r.stats) ?? 0), 0);
    const base = { game, games: list.length, wins: list.filter((r) => r.rank === 1).length };
    if (game === 'matchmaster') {
      const hands = sum((s) => s.hands);
      out.push({
        ...base,
        hands,
        exactBids: sum((s) => s.exactBids),
        pointsPerHand: hands > 0 ? round2(sum((s) => s.points) / hands) : 0,
      });
    } else if (game === 'match') {
      out.push({ ...base, roundsWon: sum((s) => s.roundsWon) });
    } else if (game === 'sweet16') {
      out.push({ ...base, averageBank: round2(sum((s) => s.bank) / list.length) });
    } else if (game === 'matchet') {
      const solitaires = list.filter((r) => r.stats.solitaire);
      out.push({
        ...base,
        // A solitaire's "win" is its solving; wins here count games against others.
        wins: list.filter((r) => !r.stats.solitaire && r.rank === 1).length,
        roundsWon: sum((s) => s.roundsWon),
        solitaires: solitaires.length,
        solitairesSolved: solitaires.filter((r) => r.stats.solved).length,
      });
    } else out.push(base);
  }
  return out.sort((a, b) => a.game.localeCompare(b.game));
}
