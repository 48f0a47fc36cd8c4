/** The golden transcripts: one or more seeded playthroughs per game and mode. */
import { fileURLToPath } from 'node:url';
import type { SetupConfig } from '../../src/index.ts';

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
  { name: 'match-2p', game: 'match', config: { players: 2, seed: 'golden', options: { target: 10 } } },
  {
    name: 'match-3p',
    game: 'match',
    config: { players: 3, seed: 'golden', options: { target: 10, firstPlayer: 1 } },
  },
  { name: 'matchet-3p', game: 'matchet', config: { players: 3, seed: 'golden', options: { rounds: 1 } } },
  {
    name: 'matchet-reserve',
    game: 'matchet',
    config: { players: 1, seed: 'golden', options: { mode: 'reserve' } },
  },
  {
    name: 'matchet-stacks',
    game: 'matchet',
    config: { players: 1, seed: 'golden', options: { mode: 'stacks' } },
  },
  {
    name: 'sweet16-base-2p',
    game: 'sweet16',
    config: { players: 2, seed: 'golden-3', options: { turnLimit: 20, memoryAid: true } },
  },
  {
    name: 'sweet16-duel',
    game: 'sweet16',
    config: { players: 2, seed: 'golden', options: { mode: 'duel' } },
  },
];

export const goldenPath = (name: string): string => fileURLToPath(new URL(`./${name}.txt`, import.meta.url));
