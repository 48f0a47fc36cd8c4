// @vitest-environment node
// The tutorials' decks make their rules come up whatever the person plays: every choice the
// person has in the first hand is tried, with the bots the tutorial uses, and the guide (the same
// `advance` the page runs after each update) must show each rule's step on every path.
import { describe, expect, it } from 'vitest';
import type { GameEvent } from '@matchbox/engine';
import { eventsFor, getGame, solveMatchet } from '@matchbox/engine';
import type { MatchetState } from '@matchbox/engine';
import { LocalTable } from '../src/local/localTable.ts';
import type { GuideState, Lesson } from '../src/tutorial/lessons.ts';
import { advance, GUIDE_START, LESSONS } from '../src/tutorial/lessons.ts';

interface Path {
  readonly choices: readonly (number | string)[];
  readonly shown: readonly string[];
  /** How many choices the person had at each decision. */
  readonly widths: readonly number[];
}

/**
 * Plays the lesson with the person taking `choices` (at each of its decisions an index into the
 * legal actions or an action's notation; the first legal action once they run out) until `stop` holds, running the guide after every update.
 */
async function play(
  lesson: Lesson,
  choices: readonly (number | string)[],
  stop: (log: readonly unknown[]) => boolean,
): Promise<Path> {
  const started = LocalTable.start({ ...lesson.setup, name: 'Ada' });
  if (!started.ok) throw new Error(started.error.message);
  const table = started.value;
  const log: unknown[] = [...table.eventsSoFar()];
  let guide: GuideState = GUIDE_START;
  const widths: number[] = [];
  const seen = (events: GameEvent[]) => {
    log.push(...eventsFor(events, 0));
    guide = advance(lesson, guide, { update: table.update(events), log });
  };
  seen([]);
  for (let guard = 0; guard < 200 && !table.over && !stop(log); guard++) {
    const update = table.update([]);
    if (update.toAct.includes(0)) {
      const k = widths.length;
      widths.push(update.legal.length);
      const choice = choices[k] ?? 0;
      const applied = table.act(typeof choice === 'string' ? choice : update.legal[choice]!.text);
      if (!applied.ok) throw new Error(applied.error.message);
      seen(applied.value);
    } else {
      const events = await table.botStep();
      if (events) seen(events);
    }
  }
  return { choices, shown: guide.shown, widths };
}

/** Every path through the person's choices (depth first over the legal actions). */
async function everyPath(lesson: Lesson, stop: (log: readonly unknown[]) => boolean): Promise<Path[]> {
  const out: Path[] = [];
  const visit = async (prefix: number[]) => {
    const path = await play(lesson, prefix, stop);
    const k = prefix.length;
    if (k >= path.widths.length) {
      out.push(path);
      return;
    }
    for (let i = 0; i < path.widths[k]!; i++) await visit([...prefix, i]);
  };
  await visit([]);
  return out;
}

const has = (type: string) => (log: readonly unknown[]) =>
  log.some((e) => (e as { type: string }).type === type);

describe('the tutorials', () => {
  it('MatchMaster: every way through the first hand meets bidding, follow suit, overtrump and must trump', async () => {
    const paths = await everyPath(LESSONS.matchmaster!, has('hand_scored'));
    // 5 bids x the two trumps that beat seat 3's in trick 2; the other cards are forced.
    expect(paths.length).toBeGreaterThanOrEqual(10);
    for (const p of paths) {
      expect(p.shown, `choices ${p.choices.join(',')}`).toEqual(
        expect.arrayContaining(['bid', 'bidsShown', 'followSuit', 'overtrump', 'mustTrump', 'trickWon']),
      );
      // In the order the deck makes them: follow (trick 1), overtrump (trick 2), trump (trick 3).
      const order = ['followSuit', 'overtrump', 'mustTrump'].map((id) => p.shown.indexOf(id));
      expect(order).toEqual([...order].sort((a, b) => a - b));
    }
  });

  it('MATCH!: the first turn explains matching, and collecting follows', async () => {
    const lesson = LESSONS.match!;
    const first = await play(
      lesson,
      [],
      (log) => log.filter((e) => (e as { type: string }).type !== 'round_dealt').length >= 6,
    );
    expect(first.shown[0]).toBe('match');
    expect(first.shown).toContain('collect');
  });

  it('Sweet16: flipping explains the tryst, and a tryst of 10 and 6 is scored with a card put back', async () => {
    const lesson = LESSONS.sweet16!;
    const path = await play(lesson, ['flip A1', 'flip B1', 'back A1'], has('put_back'));
    // 10 first (a total: the tryst's step), then 6: exactly 16, and the person puts a card back.
    expect(path.shown.slice(0, 3)).toEqual(['flip', 'tryst', 'putBack']);
  });

  it('MATCHET: on the solver`s line the double join comes up', async () => {
    const lesson = LESSONS.matchet!;
    const game = getGame('matchet')!;
    const start = game.setup({
      players: 1,
      seed: lesson.setup.seed,
      options: lesson.setup.options,
      deck: lesson.setup.deck!,
    });
    if (!start.ok) throw new Error(start.error.message);
    const line = solveMatchet(start.value as MatchetState, { maxNodes: 200_000 }).line!;
    const path = await play(
      lesson,
      line.map((a) => game.formatAction(a)),
      () => false,
    );
    expect(path.shown.slice(0, 3)).toEqual(['first', 'join', 'lastTile']);
    expect(path.shown).toContain('double');
    expect(path.shown.at(-1)).toBe('done');
  });
});
