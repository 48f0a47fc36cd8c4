/** The `matchbox engine` JSON-lines protocol (docs/protocol.md), driven request by request. */
import { describe, expect, it } from 'vitest';
import { EngineSession } from '../src/commands/engine.ts';

const send = (session: EngineSession, request: unknown) =>
  JSON.parse(session.handleLine(typeof request === 'string' ? request : JSON.stringify(request)));

describe('engine protocol', () => {
  it('lists games, starts a game, and plays it to the end through text actions', () => {
    const s = new EngineSession();
    const games = send(s, { id: 1, cmd: 'games' });
    expect(games.id).toBe(1);
    expect(games.games.map((g: { id: string }) => g.id)).toContain('matchmaster');
    const created = send(s, {
      id: 2,
      cmd: 'new',
      game: 'matchmaster',
      options: { players: 3, handSizes: [2, 1] },
      seed: 's1',
    });
    expect(created).toMatchObject({ id: 2, ok: true, game: 'matchmaster', toAct: [0, 1, 2], over: false });
    let over = false;
    let guard = 0;
    while (!over && guard++ < 100) {
      const legal = send(s, { id: 'l', cmd: 'legal' });
      const seat = legal.toAct[0];
      const act = send(s, { id: 'a', cmd: 'act', seat, action: legal.legal[seat][0] });
      expect(act.ok).toBe(true);
      over = act.over;
    }
    const result = send(s, { id: 9, cmd: 'result' });
    expect(result.over).toBe(true);
    expect(result.result.scores).toHaveLength(3);
  });

  it('answers bad input with error replies and keeps the game', () => {
    const s = new EngineSession();
    expect(send(s, 'not json').error.code).toBe('malformed_json');
    expect(send(s, '[1,2]').error.code).toBe('malformed_request');
    expect(send(s, { id: 1, cmd: 'legal', seat: 0 })).toMatchObject({
      id: 1,
      ok: false,
      error: { code: 'no_game' },
    });
    expect(send(s, { id: 2, cmd: 'fly' }).error.code).toBe('unknown_command');
    expect(send(s, { cmd: 'toString' }).error.code).toBe('unknown_command');
    expect(send(s, { cmd: 'new', game: 'chess' }).error.code).toBe('unknown_game');
    expect(send(s, { cmd: 'new', game: 'matchmaster', options: { players: 9 } }).error.code).toBe(
      'invalid_players',
    );
    expect(send(s, { cmd: 'new', game: 'matchmaster', options: { players: 2, wild: 1 } }).error.code).toBe(
      'unknown_option',
    );
    send(s, { cmd: 'new', game: 'matchmaster', options: { players: 2 }, seed: 'k' });
    const before = send(s, { cmd: 'save' });
    expect(send(s, { cmd: 'act', seat: 0, action: 'bid 99' }).error.code).toBe('bid_out_of_range');
    expect(send(s, { cmd: 'act', seat: 0, action: 'hello' }).error.code).toBe('malformed_action');
    expect(send(s, { cmd: 'act', seat: 5, action: 'bid 1' }).error.code).toBe('invalid_seat');
    expect(send(s, { cmd: 'act', seat: 0 }).error.code).toBe('malformed_request');
    expect(send(s, { cmd: 'save' })).toEqual(before);
  });

  it('shows a seat only its own view, and the spectator none of the hands', () => {
    const s = new EngineSession();
    send(s, { cmd: 'new', game: 'matchmaster', options: { players: 2 }, seed: 'v' });
    const v0 = send(s, { cmd: 'view', seat: 0 }).view;
    const v1 = send(s, { cmd: 'view', seat: 1 }).view;
    const spec = send(s, { cmd: 'view', seat: null }).view;
    expect(v0.myHand).toHaveLength(7);
    for (const c of v0.myHand) expect(JSON.stringify(v1)).not.toContain(`"${c}"`);
    expect(spec.myHand).toBeUndefined();
  });

  it('saves and loads by record (replay) and by state, continuing identically', () => {
    const a = new EngineSession();
    send(a, {
      cmd: 'new',
      game: 'matchmaster',
      options: { players: 2, handSizes: [3] },
      seed: 'save',
      deck: ['do1', 'do2', 'do3', 'lo1', 'lo2', 'lo3'],
    });
    send(a, { cmd: 'act', seat: 0, action: 'bid 1' });
    send(a, { cmd: 'act', seat: 1, action: 'bid 2' });
    send(a, { cmd: 'act', seat: 1, action: 'do3' });
    const saved = send(a, { cmd: 'save' });
    expect(saved.record.moves).toEqual([
      { seat: 0, action: 'bid 1' },
      { seat: 1, action: 'bid 2' },
      { seat: 1, action: 'do3' },
    ]);
    const b = new EngineSession();
    expect(send(b, { cmd: 'load', record: saved.record }).ok).toBe(true);
    expect(send(b, { cmd: 'save' }).state).toEqual(saved.state);
    const c = new EngineSession();
    expect(send(c, { cmd: 'load', state: saved.state }).ok).toBe(true);
    expect(send(c, { cmd: 'view', seat: 0 })).toEqual(send(a, { cmd: 'view', seat: 0 }));
    const bad = send(c, { cmd: 'load', record: { ...saved.record, moves: [{ seat: 0, action: 'do1' }] } });
    expect(bad.error.code).toBe('bid_first');
    expect(bad.error.at).toBe(0);
    expect(send(c, { cmd: 'load', state: { ...saved.state, hands: [1] } }).error.code).toBe('invalid_state');
    expect(send(c, { cmd: 'load', state: null }).error.code).toBe('invalid_state');
    expect(send(c, { cmd: 'load' }).error.code).toBe('malformed_request');
  });
});
