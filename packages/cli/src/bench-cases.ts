/**
 * The random-playout benchmark cases of `npm run bench`, one or more per game. Each game's
 * engineer adds its cases here; the bench runs them all (or `--game <id>`).
 */
import type { Json } from '@matchbox/engine';

export interface BenchCase {
  readonly game: string;
  readonly players: number;
  readonly label: string;
  readonly options?: Record<string, Json>;
}

export const BENCH_CASES: readonly BenchCase[] = [
  { game: 'matchmaster', players: 4, label: '4p 13 hands' },
  { game: 'matchmaster', players: 7, label: '7p 13 hands' },
  { game: 'match', players: 4, label: '4p to 50' },
  { game: 'match', players: 2, label: '2p to 50' },
  { game: 'matchet', players: 4, options: { rounds: 1 }, label: '4p one round' },
  { game: 'matchet', players: 1, options: { mode: 'reserve' }, label: 'Solitaire A' },
  { game: 'matchet', players: 1, options: { mode: 'stacks' }, label: 'Solitaire B' },
  { game: 'sweet16', players: 4, label: '4p base' },
  { game: 'sweet16', players: 2, label: '2p duel', options: { mode: 'duel' } },
];
