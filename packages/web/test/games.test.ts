import { describe, expect, it } from 'vitest';
import { gameIds, getGame, resolveOptions } from '@matchbox/engine';
import type { Json } from '@matchbox/engine';
import { WEB_GAMES, webGame } from '../src/games/index.ts';
import { QUICK_MODES } from '../src/games/modes.ts';
import type { BoardProps } from '../src/games/types.ts';
import { actionWords } from '../src/replay/actionWords.ts';
import type { TFunction } from 'i18next';
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

  it('a game with replay chapters names them in its own words, in English and German', async () => {
    const withChapters = WEB_GAMES.filter((g) => g.chapters);
    expect(withChapters.length).toBeGreaterThan(0);
    for (const g of withChapters) {
      for (const lang of ['en', 'de']) {
        const words = (
          (await import(`../src/i18n/locales/${lang}/${g.id}.json`)) as { default: { chapter?: string } }
        ).default;
        expect(words.chapter, `${lang}/${g.id}.json`).toMatch(/\{\{n\}\}/);
      }
    }
  });

  it("every unit a game's analyser declares is shown by its plugin, in its words (en, de)", async () => {
    const { analyserFor } = await import('@matchbox/bots/analysis');
    for (const g of WEB_GAMES) {
      const units = analyserFor(g.id)?.units ?? [];
      expect(Object.keys(g.analysisUnits ?? {}).sort(), g.id).toEqual([...units].sort());
      const named = units.flatMap((u) => [u, g.analysisUnits?.[u]?.score ?? u]);
      for (const lang of ['en', 'de']) {
        const words = (
          (await import(`../src/i18n/locales/${lang}/${g.id}.json`)) as {
            default: { analysisUnit?: Record<string, string> };
          }
        ).default;
        for (const u of named) expect(words.analysisUnit?.[u], `${lang}/${g.id}.json ${u}`).toBeTruthy();
      }
    }
    expect(WEB_GAMES.filter((g) => g.analysisUnits).length).toBeGreaterThan(0);
  });

  it('a game whose hint shows odds words them in its namespace, in English and German', async () => {
    const withOdds = WEB_GAMES.filter((g) => g.hint?.outcomes);
    expect(withOdds.length).toBeGreaterThan(0);
    for (const g of withOdds) {
      for (const lang of ['en', 'de']) {
        const words = (
          (await import(`../src/i18n/locales/${lang}/${g.id}.json`)) as {
            default: { hint?: Record<string, string> };
          }
        ).default;
        for (const key of ['outcomes', 'outcome_one', 'outcome_other'])
          expect(words.hint?.[key], `${lang}/${g.id}.json hint.${key}`).toBeTruthy();
        expect(words.hint?.outcome_other, `${lang}/${g.id}.json`).toMatch(/\{\{percent\}\}/);
      }
    }
  });

  it('every game has its score pad, found in its folder', () => {
    for (const g of WEB_GAMES) expect(padGame(g.id)?.game).toBe(g.id);
  });

  it('every game provides the fields every plugin must, with its shell screens', () => {
    for (const g of WEB_GAMES) {
      for (const field of ['board', 'log', 'words', 'rules'] as const)
        expect(typeof g[field], `${g.id}.${field}`).toBe('function');
      expect(typeof g.Mark, `${g.id}.Mark`).toBe('function');
      expect(g.quickModes.length, g.id).toBeGreaterThan(0);
      expect(typeof g.shell.board, g.id).toBe('function');
      expect(typeof g.shell.log, g.id).toBe('function');
    }
  });

  it('each loaded board and log module is its game’s, and the shell hands on only its game’s views', async () => {
    for (const g of WEB_GAMES) {
      const [board, log] = await Promise.all([g.shell.board(), g.shell.log()]);
      expect(typeof board.default, g.id).toBe('function');
      expect(typeof log.describeEvent, g.id).toBe('function');
      const Board = board.default as (props: BoardProps) => unknown;
      const props = { seat: 0, legal: [], blocked: [], toAct: [], events: [], seatNames: [] };
      const act = () => Promise.resolve({ ok: true });
      // A view of another game (or none) draws nothing, before the game's board is asked.
      expect(Board({ ...props, act, view: { game: 'no-such-game' } }), g.id).toBeNull();
      expect(Board({ ...props, act, view: null }), g.id).toBeNull();
    }
  });

  it('a game’s named choices in the create-table form are values of its options, the default first', () => {
    for (const g of WEB_GAMES) {
      const meta = getGame(g.id)!.meta;
      for (const [name, named] of Object.entries(g.form?.namedChoices ?? {})) {
        const spec = meta.options.find((o) => o.name === name);
        expect(spec, `${g.id}.${name}`).toBeDefined();
        expect(named[0]?.[1], `${g.id}.${name}`).toEqual(spec!.default);
        for (const [, value] of named)
          expect(resolveOptions(meta.options, { [name]: value as Json }).ok, `${g.id}.${name}`).toBe(true);
      }
    }
  });

  it('the player counts a game’s form offers lie within the game’s own', () => {
    for (const g of WEB_GAMES) {
      const meta = getGame(g.id)!.meta;
      const range = [meta.minPlayers, meta.maxPlayers] as const;
      const modes = meta.options.find((o) => o.name === 'mode')?.choices ?? [];
      for (const options of [{}, ...modes.map((mode) => ({ mode }))]) {
        const [min, max] = g.form?.players?.(options, range) ?? range;
        expect(min, `${g.id} ${JSON.stringify(options)}`).toBeGreaterThanOrEqual(meta.minPlayers);
        expect(max, `${g.id} ${JSON.stringify(options)}`).toBeLessThanOrEqual(meta.maxPlayers);
        expect(min).toBeLessThanOrEqual(max);
      }
    }
  });

  it('every game whose tables may be solved, or whose analysis has hindsight, says so in its plugin', () => {
    expect(WEB_GAMES.filter((g) => g.solvable).map((g) => g.id)).toEqual(['matchet']);
    expect(WEB_GAMES.filter((g) => g.hindsight).map((g) => g.id)).toEqual(['matchmaster', 'matchet']);
  });

  it('an analysed choice that the log’s words leave is said by its game’s plugin, else kept', () => {
    const say = ((key: string, options?: Record<string, unknown>) =>
      `${key} ${JSON.stringify(options ?? {})}`) as unknown as TFunction;
    const words = (game: string, text: string) =>
      actionWords(text, null, webGame(game)?.choiceWords, say, say, null);
    expect(words('matchmaster', 'bid 3')).toBe('analysis.action.bid {"count":3}');
    expect(words('match', 'discard stack:red')).toBe(
      'analysis.action.discardStack {"colour":"colour.red {}"}',
    );
    expect(words('sweet16', 'flip B2')).toBe('analysis.action.flip {"pos":"B2"}');
    expect(words('sweet16', 'back B2')).toBe('action.backShort {"pos":"B2"}');
    expect(words('sweet16', 'activate C1')).toBe('action.activateShort {"pos":"C1"}');
    // Another game's choice is not this game's to say.
    expect(words('match', 'bid 3')).toBe('bid 3');
  });
});
