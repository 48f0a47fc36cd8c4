/**
 * A seat's table update for tests (the wire's `TableUpdate`), with the fields a test cares about
 * laid over a plain playing position: version 1, seat 0 to act, nothing legal, no seats listed.
 * The one place a test fixture lists every field, so that a new field is added here alone.
 */
import type { TableUpdate } from '../src/wire.ts';

export function tableUpdate(over: Partial<TableUpdate> = {}): TableUpdate {
  return {
    tableId: 't1',
    version: 1,
    from: 1,
    seat: 0,
    events: [],
    view: {},
    legal: [],
    blocked: [],
    canUndo: false,
    toAct: [0],
    phase: 'play',
    turn: '',
    status: 'playing',
    seats: [],
    result: null,
    deadlineAt: null,
    ...over,
  };
}
