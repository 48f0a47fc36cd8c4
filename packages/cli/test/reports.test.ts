/**
 * `matchbox reports` against a server's store in a data folder: lists the open reports with the
 * chat's copy (a stranger's control characters never reach the terminal), closes one by id, and
 * says plainly when there is no store or no such report.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { KyselyStore, openDb, ReportService } from '@matchbox/server';
import { main } from '../src/main.ts';
import { capture } from './console.ts';

const dir = mkdtempSync(join(tmpdir(), 'matchbox-cli-reports-'));
let reportId = '';

beforeAll(async () => {
  const opened = await openDb({ sqliteFile: join(dir, 'matchbox.db') });
  const store = new KyselyStore(opened.db, opened.dialect);
  await store.createTable({
    id: 'tablerep1',
    game: 'matchmaster',
    options: {},
    players: 2,
    seed: null,
    deck: null,
    chance: [],
    seats: [
      { kind: 'human', name: 'Ada', level: 'medium', tokenHash: 'ab', left: false },
      { kind: 'human', name: 'Bo', level: 'medium', tokenHash: 'cd', left: false },
    ],
    origins: [
      { address: '10.0.0.1', browser: 'browser-ada-0123456789', account: null },
      { address: '10.0.0.2', browser: null, account: 'acc-bo' },
    ],
    status: 'playing',
    version: 0,
    revision: 0,
    isPublic: false,
    inviteHash: 'ef',
    clockSeconds: null,
    deadlineAt: null,
    creator: '10.0.0.1',
    createdAt: 1,
    updatedAt: 1,
    result: null,
  });
  const line = await store.appendChat(
    {
      tableId: 'tablerep1',
      id: 'badline1',
      seat: 1,
      speaker: 's1',
      name: 'Bo',
      nameKey: 'bo',
      text: 'you cheat',
      phrase: null,
      at: Date.UTC(2026, 10, 29, 8, 30),
    },
    200,
  );
  const made = await new ReportService(opened.db, store).report('g:browser-ada-0123456789', '10.0.0.1', {
    tableId: 'tablerep1',
    line: line.id,
    reason: 'abuse',
    note: 'rude \u001b[31mred',
  });
  if (!made.ok) throw new Error(made.error.code);
  reportId = made.value.id;
  await store.close();
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));
afterEach(() => vi.restoreAllMocks());

describe('matchbox reports', () => {
  it('lists an open report: table, reporter, reported, reason, when, and the chat copy', async () => {
    const { out } = capture();
    expect(await main(['reports', '--data', dir])).toBe(0);
    const text = out.join('\n');
    expect(text).toContain(reportId);
    expect(text).toContain('abuse');
    expect(text).toContain('table tablerep1 (matchmaster)');
    expect(text).toContain('reported: Bo (seat 2, a:acc-bo) by g:browser-ada-0123456789');
    expect(text).toMatch(/> 08:30 Bo: you cheat/);
    expect(text).toContain('note: rude [31mred');
    expect(text).not.toContain('\u001b');
  });

  it('closes a report by its id; it is then listed among the closed ones', async () => {
    const { out, err } = capture();
    expect(await main(['reports', 'close', reportId, '--data', dir])).toBe(0);
    expect(await main(['reports', '--data', dir])).toBe(0);
    expect(out).toEqual([`Closed report ${reportId}.`, 'No open reports.']);
    expect(await main(['reports', 'close', reportId, '--data', dir])).toBe(1);
    expect(out.at(-1)).toBe(`There is no open report ${reportId}.`);
    expect(await main(['reports', '--closed', '--json', '--data', dir])).toBe(0);
    const closed = JSON.parse(out.at(-1)!) as { id: string; status: string }[];
    expect(closed.map((r) => [r.id, r.status])).toEqual([[reportId, 'closed']]);
    expect(err).toEqual([]);
  });

  it('refuses a folder without a store, and a bad command, in words', async () => {
    const { err } = capture();
    const empty = mkdtempSync(join(tmpdir(), 'matchbox-cli-empty-'));
    try {
      expect(await main(['reports', '--data', empty])).toBe(1);
      expect(err.join('\n')).toContain('There is no matchbox store');
    } finally {
      rmSync(empty, { recursive: true, force: true });
    }
    expect(await main(['reports', 'delete', 'x', '--data', dir])).toBe(2);
    expect(await main(['reports', 'close', '--data', dir])).toBe(2);
  });
});
