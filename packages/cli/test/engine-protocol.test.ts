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
    // An empty line gets a reply too (a client that counts replies must not hang).
    expect(send(s, '')).toMatchObject({ id: null, ok: false, error: { code: 'malformed_json' } });
    expect(send(s, '   ').error.message).toMatch(/empty line/);
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

  it('without a seed, picks a random one and says which, so the game can be made again', () => {
    const a = new EngineSession();
    const first = send(a, { cmd: 'new', game: 'matchmaster', options: { players: 3 } });
    const second = send(new EngineSession(), { cmd: 'new', game: 'matchmaster', options: { players: 3 } });
    expect(first.ok).toBe(true);
    expect(typeof first.seed).toBe('string');
    expect(first.seed.length).toBeGreaterThan(0);
    expect(second.seed).not.toBe(first.seed);
    // The seed given back deals the same cards again.
    const again = new EngineSession();
    expect(
      send(again, { cmd: 'new', game: 'matchmaster', options: { players: 3 }, seed: first.seed }).seed,
    ).toBe(first.seed);
    expect(send(again, { cmd: 'view', seat: 0 })).toEqual(send(a, { cmd: 'view', seat: 0 }));
    // A seed that is given is echoed as it is.
    expect(send(a, { cmd: 'new', game: 'matchmaster', options: { players: 3 }, seed: 'mine' }).seed).toBe(
      'mine',
    );
  });

  it('gives every seat its own share of the events (eventsFor), the first deal included', () => {
    const s = new EngineSession();
    const created = send(s, {
      cmd: 'new',
      game: 'matchmaster',
      options: { players: 3, handSizes: [2] },
      seed: 'ev',
    });
    expect(created.events.seats).toHaveLength(3);
    for (let seat = 0; seat < 3; seat++) {
      const hand: string[] = send(s, { cmd: 'view', seat }).view.myHand;
      const mine = JSON.stringify(created.events.seats[seat]);
      for (const card of hand) expect(mine).toContain(`"${card}"`);
      // Nobody else's share, and not the spectator's, names this seat's cards.
      for (let other = 0; other < 3; other++)
        if (other !== seat)
          for (const card of hand)
            expect(JSON.stringify(created.events.seats[other])).not.toContain(`"${card}"`);
      for (const card of hand) expect(JSON.stringify(created.events.all)).not.toContain(`"${card}"`);
    }
    // A secret bid (MM-4): the bidder is told its value, the others only that it has bid.
    const bid = send(s, { cmd: 'act', seat: 1, action: 'bid 2' });
    expect(bid.ok).toBe(true);
    expect(bid.revealed).toBe(false);
    expect(JSON.stringify(bid.events.seats[1])).toMatch(/"bid":2/);
    expect(bid.events.seats[0]).toEqual(bid.events.all);
    expect(JSON.stringify(bid.events.all)).not.toMatch(/"bid":2/);
    // Chance outcomes go into the record, never to a seat.
    expect(JSON.stringify(created.events)).not.toContain('chance');
  });

  it('keeps a format-2 record with the chance outcomes, which replays after a load', () => {
    const a = new EngineSession();
    send(a, { cmd: 'new', game: 'matchmaster', options: { players: 2, handSizes: [1, 1] }, seed: 'rec' });
    let guard = 0;
    while (!send(a, { cmd: 'status' }).over && guard++ < 50) {
      const legal = send(a, { cmd: 'legal' });
      const seat = legal.toAct[0];
      expect(send(a, { cmd: 'act', seat, action: legal.legal[seat][0] }).ok).toBe(true);
    }
    const saved = send(a, { cmd: 'save' });
    expect(saved.record).toMatchObject({ format: 2, game: 'matchmaster', players: 2, seed: 'rec' });
    expect(saved.record.chance).toHaveLength(1); // the first deal
    expect(saved.record.moves.filter((m: { chance?: unknown }) => m.chance)).toHaveLength(1); // the second
    const b = new EngineSession();
    expect(send(b, { cmd: 'load', record: saved.record }).ok).toBe(true);
    expect(send(b, { cmd: 'save' }).state).toEqual(saved.state);
    expect(send(b, { cmd: 'result' })).toEqual(send(a, { cmd: 'result' }));
    // The recorded deals win over the seed: the same record under another seed replays the same game.
    const c = new EngineSession();
    expect(send(c, { cmd: 'load', record: { ...saved.record, seed: 'other' } }).ok).toBe(true);
    expect(send(c, { cmd: 'result' }).result).toEqual(send(a, { cmd: 'result' }).result);
  });

  it('after a load by state, save gives a record that starts from that state and replays', () => {
    const a = new EngineSession();
    send(a, { cmd: 'new', game: 'matchmaster', options: { players: 2, handSizes: [2, 1] }, seed: 'from' });
    send(a, { cmd: 'act', seat: 0, action: 'bid 1' });
    const midway = send(a, { cmd: 'save' }).state;
    const b = new EngineSession();
    expect(send(b, { cmd: 'load', state: midway })).toMatchObject({
      ok: true,
      game: 'matchmaster',
      players: 2,
    });
    // Play on from the loaded state to the end.
    let guard = 0;
    while (!send(b, { cmd: 'status' }).over && guard++ < 50) {
      const legal = send(b, { cmd: 'legal' });
      const seat = legal.toAct[0];
      expect(send(b, { cmd: 'act', seat, action: legal.legal[seat][0] }).ok).toBe(true);
    }
    const saved = send(b, { cmd: 'save' });
    expect(saved.record.format).toBe(2);
    expect(saved.record.from).toEqual(midway);
    expect(saved.record.moves.length).toBeGreaterThan(3);
    const c = new EngineSession();
    expect(send(c, { cmd: 'load', record: saved.record }).ok).toBe(true);
    expect(send(c, { cmd: 'save' }).state).toEqual(saved.state);
    expect(send(c, { cmd: 'result' }).result).toEqual(send(b, { cmd: 'result' }).result);
  });

  it('reads a format-1 record (no format field) and refuses formats it does not know', () => {
    const a = new EngineSession();
    const old = {
      game: 'matchmaster',
      players: 2,
      seed: 'f1',
      options: { handSizes: [1] },
      moves: [{ seat: 0, action: 'bid 0' }],
    };
    expect(send(a, { cmd: 'load', record: old }).ok).toBe(true);
    expect(send(a, { cmd: 'save' }).record).toMatchObject({
      format: 2,
      moves: [{ seat: 0, action: 'bid 0' }],
    });
    expect(send(a, { cmd: 'load', record: { ...old, format: 9 } }).error.code).toBe(
      'unsupported_record_format',
    );
    expect(send(a, { cmd: 'load', record: { ...old, moves: 'all' } }).error.code).toBe('malformed_record');
  });

  it('tells the phase, the number of actions and whose turn it is in words', () => {
    const s = new EngineSession();
    send(s, { cmd: 'new', game: 'matchmaster', options: { players: 2 }, seed: 'st' });
    const status = send(s, { cmd: 'status' });
    expect(status).toMatchObject({ ok: true, toAct: [0, 1], over: false, phase: 'bid', actions: 0 });
    expect(typeof status.turn).toBe('string');
    send(s, { cmd: 'act', seat: 0, action: 'bid 1' });
    expect(send(s, { cmd: 'status' }).actions).toBe(1);
  });
});
