import { describe, expect, it } from 'vitest';
import { gameIds } from '@matchbox/engine';
import { WEB_GAMES, webGame } from '../src/games/index.ts';
import { QUICK_MODES } from '../src/games/modes.ts';
import { padGame } from '../src/pad/games.ts';
import { LESSONS } from '../src/tutorial/lessons.ts';

describe('the web app’s game plugins', () => {
  it('every registered game has exactly one plugin, and no plugin is for an unknown game', () => {
    expect(WEB_GAMES.map((g) => g.id).sort()).toEqual([...gameIds()].sort());
    for (const id of gameIds()) expect(webGame(id)?.id).toBe(id);
    expect(webGame('no-such-game')).toBeUndefined();
  });

  it('each game’s first quick mode is the game itself, and mode ids are unique', () => {
    for (const g of WEB_GAMES) expect(g.quickModes[0]?.id).toBe(g.id);
    expect(new Set(QUICK_MODES.map((m) => m.id)).size).toBe(QUICK_MODES.length);
  });

  it('a game says it has a tutorial exactly when its folder has a lesson for it', () => {
    for (const g of WEB_GAMES) {
      expect(LESSONS[g.id] !== undefined).toBe(g.tutorial === true);
      if (LESSONS[g.id]) expect(LESSONS[g.id]!.game).toBe(g.id);
    }
  });

  it('every game has its score pad, found in its folder', () => {
    for (const g of WEB_GAMES) expect(padGame(g.id)?.game).toBe(g.id);
  });
});
