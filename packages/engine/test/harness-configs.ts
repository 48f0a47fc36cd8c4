/**
 * Which playouts the shared harness runs per game. Full games are long, so most configurations use
 * short options; each game must cover every allowed player count.
 */
import type { Json } from '../src/index.ts';

export interface HarnessConfig {
  readonly label: string;
  readonly players: number;
  readonly seeds: number;
  /**
   * Fewer seeds for `npm test` when the configuration's playouts are long (whole Sweet16 games);
   * the soak plays ten times `seeds`.
   */
  readonly quickSeeds?: number;
  readonly options?: Record<string, Json>;
  /** Expensive checks every k-th step (1 = every step). */
  readonly thoroughEvery?: number;
}

const range = (a: number, b: number) => Array.from({ length: b - a + 1 }, (_, i) => a + i);

/**
 * The soak (`npm run test:soak`, or MATCHBOX_SOAK=1): ten times the playouts of every
 * configuration, the usual seeds first, then new ones; `npm test` plays `quickSeeds` where a
 * configuration names them.
 */
export const SOAK = process.env.MATCHBOX_SOAK === '1' ? 10 : 1;

const soaked = (all: Record<string, readonly HarnessConfig[]>): Record<string, readonly HarnessConfig[]> =>
  Object.fromEntries(
    Object.entries(all).map(([id, list]) => [
      id,
      list.map((c) => ({ ...c, seeds: SOAK === 1 ? (c.quickSeeds ?? c.seeds) : c.seeds * SOAK })),
    ]),
  );

export const HARNESS_CONFIGS: Record<string, readonly HarnessConfig[]> = soaked({
  matchmaster: [
    ...range(2, 7).map((p) => ({
      label: `${p}p short`,
      players: p,
      seeds: 6,
      options: { handSizes: [3, 1, 2] },
    })),
    ...range(2, 7).map((p) => ({ label: `${p}p full game`, players: p, seeds: 1, thoroughEvery: 7 })),
    { label: '2p big hands', players: 2, seeds: 2, options: { handSizes: [26, 13] }, thoroughEvery: 5 },
    { label: '4p keyed chance', players: 4, seeds: 4, options: { handSizes: [3, 1, 2], keyedChance: true } },
  ],
  match: [
    ...range(2, 8).map((p) => ({
      label: `${p}p to 10`,
      players: p,
      seeds: p <= 4 ? 3 : 2,
      options: { target: 10 },
      thoroughEvery: p >= 7 ? 2 : 1,
    })),
    ...range(2, 8).map((p) => ({
      label: `${p}p to 10, many seeds`,
      players: p,
      seeds: p >= 7 ? 6 : 12,
      quickSeeds: p >= 7 ? 2 : 4,
      options: { target: 10, firstPlayer: p - 1 },
      thoroughEvery: 11,
    })),
    ...[2, 3, 4].map((p) => ({ label: `${p}p full game to 50`, players: p, seeds: 1, thoroughEvery: 40 })),
    {
      label: '4p keyed chance, 3 rounds',
      players: 4,
      seeds: 3,
      options: { rounds: 3, keyedChance: true },
      thoroughEvery: 3,
    },
  ],
  matchet: [
    ...range(2, 7).map((p) => ({
      label: `multi ${p}p one round`,
      players: p,
      seeds: p <= 4 ? 5 : 2,
      options: { rounds: 1 },
      thoroughEvery: p <= 4 ? 1 : 3,
    })),
    ...range(2, 7).map((p) => ({ label: `multi ${p}p full game`, players: p, seeds: 2, thoroughEvery: 5 })),
    {
      label: 'multi 3p small set',
      players: 3,
      seeds: 8,
      options: {
        rounds: 2,
        tiles:
          'R1Y4B5 R4Y1B5 R5Y5B5 R1B4Y4 R6Y9B1 R9B1Y6 R4Y6B9 R1Y1B1 R5B5Y5 R4Y4B4 R6B6Y6 R9Y9B9 R1Y9B6 R6Y4B1 R9B4Y1 R4B9Y6'.split(
            ' ',
          ),
      },
    },
    { label: 'multi 4p keyed chance', players: 4, seeds: 2, options: { rounds: 2, keyedChance: true } },
    { label: 'reserve', players: 1, seeds: 20, options: { mode: 'reserve' }, thoroughEvery: 2 },
    { label: 'stacks', players: 1, seeds: 20, options: { mode: 'stacks' }, thoroughEvery: 2 },
    {
      label: 'stacks small set',
      players: 1,
      seeds: 10,
      options: {
        mode: 'stacks',
        tiles: 'R1Y4B5 R4Y1B5 R5Y5B5 R1B4Y4 R6Y9B1 R9B1Y6 R4Y6B9 R1Y1B1 R5B5Y5 R4Y4B4 R6B6Y6 R9Y9B9'.split(
          ' ',
        ),
      },
    },
  ],
  sweet16: [
    ...[2, 3, 4, 5].flatMap((p) => [
      { label: `base ${p}p`, players: p, seeds: 3, quickSeeds: 1, thoroughEvery: 7 },
      {
        label: `base ${p}p memory aid`,
        players: p,
        seeds: 3,
        quickSeeds: 1,
        options: { memoryAid: true },
        thoroughEvery: 7,
      },
      { label: `base ${p}p short`, players: p, seeds: 4, options: { turnLimit: 40, memoryAid: p % 2 === 0 } },
    ]),
    { label: 'duel 2p', players: 2, seeds: 12, options: { mode: 'duel' } },
    { label: 'duel 2p memory aid', players: 2, seeds: 6, options: { mode: 'duel', memoryAid: true } },
    {
      label: 'base 3p keyed chance, two grids',
      players: 3,
      seeds: 1,
      options: { keyedChance: true, grids: 2 },
      thoroughEvery: 7,
    },
  ],
});
