/**
 * Which playouts the shared harness runs per game. Full games are long, so most configurations use
 * short options; each game must cover every allowed player count.
 */
import type { Json } from '../src';

export interface HarnessConfig {
  readonly label: string;
  readonly players: number;
  readonly seeds: number;
  readonly options?: Record<string, Json>;
  /** Expensive checks every k-th step (1 = every step). */
  readonly thoroughEvery?: number;
}

const range = (a: number, b: number) => Array.from({ length: b - a + 1 }, (_, i) => a + i);

export const HARNESS_CONFIGS: Record<string, readonly HarnessConfig[]> = {
  matchmaster: [
    ...range(2, 7).map((p) => ({
      label: `${p}p short`,
      players: p,
      seeds: 6,
      options: { handSizes: [3, 1, 2] },
    })),
    ...range(2, 7).map((p) => ({ label: `${p}p full game`, players: p, seeds: 1, thoroughEvery: 7 })),
    { label: '2p big hands', players: 2, seeds: 2, options: { handSizes: [26, 13] }, thoroughEvery: 5 },
  ],
};
