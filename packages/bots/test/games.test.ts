import { describe, expect, it } from 'vitest';
import { gameIds } from '@matchbox/engine';
import { analyserFor } from '../src/analysis/index.ts';
import { BOT_GAMES, botPlugin } from '../src/games/index.ts';
import { parseBotSpec } from '../src/levels.ts';

describe('bot game plugins', () => {
  it('every registered game has exactly one plugin and one analyser', () => {
    expect(BOT_GAMES.map((p) => p.id)).toEqual(gameIds());
    for (const id of gameIds()) {
      expect(botPlugin(id)?.id).toBe(id);
      expect(analyserFor(id)).not.toBeNull();
    }
    expect(botPlugin('no-such-game')).toBeUndefined();
  });

  it("a line-up entry may switch exactly its game's pieces", () => {
    for (const p of BOT_GAMES) {
      for (const t of p.toggles ?? []) expect(parseBotSpec(p.id, `expert-${t}`).ok).toBe(true);
      expect(parseBotSpec(p.id, 'expert-nosuchpiece').ok).toBe(false);
      if (p.toggles?.length) expect(p.withPieces).toBeDefined();
    }
  });
});
