/**
 * The replay page's headless part: a record replayed in the browser gives every step's view for
 * every seat, each seat's own cards (and only those), and the hands to jump to; a record whose
 * move does not apply is refused with the move's index.
 */
import type { GameRecord } from '@matchbox/engine';
import { GameSession, getGame } from '@matchbox/engine';
import { describe, expect, it } from 'vitest';
import { chaptersOf } from '../src/replay/chapters.ts';
import { replayOfRecord, replayOfViews } from '../src/replay/steps.ts';

function finishedGame(): GameRecord {
  const game = getGame('matchmaster')!;
  const started = GameSession.start(game, { players: 2, seed: 'steps', options: { handSizes: [2, 1] } });
  if (!started.ok) throw new Error(started.error.message);
  const { session } = started.value;
  while (!game.isOver(session.state)) {
    const seat = game.toAct(session.state)[0]!;
    session.act(seat, game.legalActions(session.state, seat)[0]);
  }
  return session.record();
}

describe('replay steps', () => {
  it('show any seat every step of a record, with each seat its own cards and the hands', () => {
    const record = finishedGame();
    const made = replayOfRecord(record);
    if (!made.ok) throw new Error(made.error.message);
    const replay = made.value;
    expect(replay.steps).toHaveLength(record.moves.length + 1);
    expect(replay.viewers).toEqual([0, 1, null]);
    for (const seat of [0, 1]) {
      const hand = (replay.at(0, seat).view as { myHand: string[] }).myHand;
      expect(hand).toHaveLength(2);
      expect([...replay.privateCards(0, seat)!].sort()).toEqual([...hand].sort());
    }
    expect((replay.at(0, null).view as { myHand?: string[] }).myHand).toBeUndefined();
    // The second hand starts with the move that dealt it.
    const chapters = chaptersOf(
      'matchmaster',
      replay.steps.map((_, i) => replay.at(i, null)),
    );
    const dealt = record.moves.findIndex((m) => m.chance !== undefined) + 1;
    expect(chapters).toEqual([
      { number: 1, step: 0 },
      { number: 2, step: dealt },
    ]);
    const move = record.moves[dealt - 1]!;
    expect(replay.steps[dealt]).toEqual({ seat: move.seat, action: move.action });
  });

  it('refuse a record whose move does not apply, naming the move', () => {
    const record = finishedGame();
    const broken = {
      ...record,
      moves: record.moves.map((m, i) => (i === 3 ? { ...m, action: 'bid 9' } : m)),
    };
    const made = replayOfRecord(broken);
    expect(made.ok).toBe(false);
    if (!made.ok) expect(made.error.at).toBe(3);
    expect(replayOfRecord({ ...record, game: 'chess' })).toMatchObject({
      ok: false,
      error: { code: 'unknown_game' },
    });
  });

  it('a live table shows only the views the server sent, for its one viewer', () => {
    const replay = replayOfViews('match', 2, 1, [
      { seat: null, action: null, events: [], view: { v: 0 }, toAct: [0] },
      { seat: 0, action: null, events: [{ type: 'x' }], view: { v: 1 }, toAct: [1] },
    ]);
    expect(replay.viewers).toEqual([1]);
    expect(replay.record).toBeNull();
    expect(replay.at(1, 1)).toEqual({ view: { v: 1 }, events: [{ type: 'x' }], toAct: [1] });
    expect(replay.privateCards(1, 0)).toBeNull();
    expect(chaptersOf('match', [replay.at(0, 1), replay.at(1, 1)])).toEqual([]);
  });
});
