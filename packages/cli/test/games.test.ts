import { describe, expect, it } from 'vitest';
import { analyserFor } from '@matchbox/bots/analysis';
import { gameIds } from '@matchbox/engine';
import { CLI_GAMES, cliPlugin } from '../src/games/index.ts';
import { BENCH_CASES } from '../src/bench-cases.ts';

describe('terminal game plugins', () => {
  it('every registered game has exactly one plugin, and no plugin is for an unknown game', () => {
    expect(CLI_GAMES.map((p) => p.id)).toEqual(gameIds());
    for (const id of gameIds()) expect(cliPlugin(id)?.id).toBe(id);
    expect(cliPlugin('no-such-game')).toBeUndefined();
  });

  it("a plugin's bench cases are its own game's", () => {
    for (const p of CLI_GAMES) {
      expect(p.benchCases.length).toBeGreaterThan(0);
      for (const c of p.benchCases) expect(c.game).toBe(p.id);
    }
    expect(BENCH_CASES.length).toBe(CLI_GAMES.reduce((n, p) => n + p.benchCases.length, 0));
  });

  it("every unit a game's analyser declares has the plugin's words", () => {
    for (const id of gameIds()) {
      const units = analyserFor(id)?.units ?? [];
      for (const unit of units)
        expect(cliPlugin(id)?.analysisUnits?.[unit]?.words, `${id} ${unit}`).toBeTruthy();
      expect(Object.keys(cliPlugin(id)?.analysisUnits ?? {}).sort(), id).toEqual([...units].sort());
    }
  });
});
