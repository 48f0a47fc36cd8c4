/** Random-playout throughput of one benchmark case, on the calling thread. */
import type { BotBenchFigure } from '@matchbox/bots/bench';
import { Rng, getGame } from '@matchbox/engine';
import { randomPlayout } from '@matchbox/engine/harness';
import type { BenchCase } from '../bench-cases.ts';

/** One measured figure; the bots' benchmark reports the same shape. */
export type BenchFigure = BotBenchFigure;

export function benchCase(c: BenchCase, seconds: number): BenchFigure[] {
  const game = getGame(c.game);
  if (!game) throw new Error(`unknown game ${c.game}`);
  const rng = Rng.fromSeed(`bench:${c.game}`);
  const run = (ms: number) => {
    let games = 0;
    let actions = 0;
    const start = performance.now();
    let now = start;
    while (now - start < ms) {
      for (let k = 0; k < 10; k++) {
        const setup = game.setup({
          players: c.players,
          seed: `b${games}`,
          ...(c.options ? { options: c.options } : {}),
        });
        if (!setup.ok) throw new Error(`${c.game}: ${setup.error.message}`);
        actions += randomPlayout(game, setup.value, rng);
        games++;
      }
      now = performance.now();
    }
    return { games, actions, ms: now - start };
  };
  run(Math.min(500, seconds * 250)); // warm-up: let the JIT settle
  const r = run(seconds * 1000);
  const base = { game: c.game, players: c.players, label: c.label };
  return [
    { ...base, metric: 'games_per_s', value: Math.round((r.games * 1000) / r.ms) },
    { ...base, metric: 'actions_per_s', value: Math.round((r.actions * 1000) / r.ms) },
    { ...base, metric: 'actions_per_game', value: Math.round(r.actions / r.games) },
  ];
}
