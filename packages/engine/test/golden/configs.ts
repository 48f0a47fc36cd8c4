/** The golden transcripts: one or more seeded playthroughs per game and mode. */
import { fileURLToPath } from 'node:url';
import type { SetupConfig } from '../../src';

export interface GoldenConfig {
  readonly name: string;
  readonly game: string;
  readonly config: SetupConfig;
}

export const GOLDEN_CONFIGS: readonly GoldenConfig[] = [
  {
    name: 'matchmaster-3p',
    game: 'matchmaster',
    config: { players: 3, seed: 'golden', options: { handSizes: [2, 1, 3] } },
  },
];

export const goldenPath = (name: string): string => fileURLToPath(new URL(`./${name}.txt`, import.meta.url));
