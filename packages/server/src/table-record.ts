/**
 * The first record of a table the server seats itself and starts at once (a pairing pool's, a
 * duplicate event entry's): private, no spectators' chat, version 0, nothing dealt yet (the
 * referee deals it from the seed when it opens), and an invite nobody is ever given.
 */
import type { TableRecord } from './store.ts';
import { hashSecret, randomId } from './tokens.ts';

export type StartedTableFields = Pick<
  TableRecord,
  'id' | 'game' | 'options' | 'players' | 'seed' | 'seats' | 'clockSeconds' | 'creator' | 'origins'
>;

export function startedTableRecord(own: StartedTableFields, now: number): TableRecord {
  return {
    ...own,
    deck: null,
    chance: null,
    status: 'playing',
    version: 0,
    revision: 0,
    isPublic: false,
    spectatorChat: false,
    inviteHash: hashSecret(randomId(12)),
    deadlineAt: null,
    createdAt: now,
    updatedAt: now,
    result: null,
    rated: null,
  };
}
