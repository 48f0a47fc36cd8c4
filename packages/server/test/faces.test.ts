/**
 * Names and faces at a table: bots wear distinct animals and are named after them, stable for
 * the table; a person keeps the face they chose, a guest is given a free one; and no two seats
 * share a name, whoever sits down.
 */
import { AVATARS, BOT_NAMES, MatchboxClient } from '@matchbox/client';
import type { PublicSeat } from '@matchbox/client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer } from './helpers.ts';

let server: Awaited<ReturnType<typeof startTestServer>>;
let client: MatchboxClient;
beforeAll(async () => {
  server = await startTestServer();
  client = new MatchboxClient(server.url);
});
afterAll(async () => {
  await server.stop();
});

const distinct = (values: readonly unknown[]) => new Set(values).size === values.length;
const names = (seats: readonly PublicSeat[]) => seats.map((s) => s.name?.toLowerCase());

describe('names and faces', () => {
  it('bots wear distinct animals named after them, the same on every look at the table', async () => {
    const made = await client.createTable({ game: 'matchmaster', players: 7, name: 'Ada', avatar: 'owl' });
    const seats = made.table.seats;
    expect(seats[0]).toMatchObject({ kind: 'human', name: 'Ada', avatar: 'owl' });
    const bots = seats.slice(1);
    expect(bots.every((s) => s.kind === 'bot' && s.avatar && s.name === BOT_NAMES[s.avatar])).toBe(true);
    expect(distinct(seats.map((s) => s.avatar))).toBe(true);
    expect(distinct(names(seats))).toBe(true);
    expect(bots.some((s) => s.avatar === 'owl')).toBe(false);
    expect((await client.table(made.table.id)).seats).toEqual(seats);
    // Another table deals the animals in another order (but each table keeps its own).
    const orders = new Set<string>();
    for (let i = 0; i < 6; i++) {
      const t = await client.createTable({ game: 'match', players: 3, name: 'Ada', avatar: 'owl' });
      orders.add(t.table.seats.map((s) => s.avatar).join());
    }
    expect(orders.size).toBeGreaterThan(1);
  });

  it('no two seats share a name: a second Ada is refused, and no bot is named like a person', async () => {
    const made = await client.createTable({
      game: 'matchmaster',
      players: 4,
      name: 'Fox',
      seats: [{ kind: 'open' }, { kind: 'open' }, { kind: 'open' }, { kind: 'bot', level: 'easy' }],
    });
    expect(made.table.seats[3]!.name).not.toBe('Fox');
    const id = made.table.id;
    // A face nobody wears yet (a chosen face is kept even if someone wears it already).
    const cat = AVATARS.find((a) => !made.table.seats.some((s) => s.avatar === a))!;
    const ada = await client.join(id, { name: 'Ada', invite: made.invite, avatar: cat });
    await expect(client.join(id, { name: 'ada', invite: made.invite })).rejects.toMatchObject({
      code: 'name_taken',
    });
    const ada2 = await client.join(id, { name: 'Ava', invite: made.invite });
    expect(ada.table.seats[1]).toMatchObject({ name: 'Ada', avatar: cat });
    const seats = ada2.table.seats;
    expect(seats[2]!.name).toBe('Ava');
    // A guest who picked no face wears one nobody else wears.
    expect(seats[2]!.avatar).toBeTruthy();
    expect(distinct(seats.map((s) => s.avatar))).toBe(true);
    expect(distinct(names(seats))).toBe(true);
    // A bot taking over a seat someone left wears a free animal too.
    await client.leave(id, ada2.token);
    const replaced = await client.replaceByBot(id, ada.token, 2, 'medium');
    expect(replaced.seats[2]!.kind).toBe('bot');
    expect(distinct(replaced.seats.map((s) => s.avatar))).toBe(true);
    expect(distinct(names(replaced.seats))).toBe(true);
  });

  it('refuses a face that does not exist', async () => {
    await expect(
      client.createTable({ game: 'match', players: 2, name: 'Ada', avatar: 'dragon' as never }),
    ).rejects.toMatchObject({ code: 'invalid_request' });
    expect(AVATARS.length).toBeGreaterThanOrEqual(8);
  });
});
