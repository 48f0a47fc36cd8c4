/**
 * The duplicate events' routes (docs/server.md, "Duplicate events"):
 *
 * - `GET /api/events`: today's and this week's events, then yesterday's and last week's.
 * - `GET /api/events/:id`: an event and its standings.
 * - `POST /api/events/:id/entries` `{ name, browser? }`: enters (a member under the account's
 *   name), answering the seat ticket `{ tableId, seat, token }`; again, `already_entered` with it.
 * - `POST /api/events/:id/plays` `{ ticket, of? }`: for an entrant who finished (or anyone with a
 *   ticket once the event closed), the event's tables, or the record of one (`of`).
 * - `GET /api/players/:name/events`: a member's entries with their scores.
 *
 * Each charges the requester's `events` allowance (limits.ts); ids are checked by shape first.
 */
import { EVENT_ID } from '@matchbox/client/wire';
import type { Context, Hono } from 'hono';
import { z } from 'zod';
import type { Members } from '../account-http.ts';
import type { RouteKit } from '../http.ts';
import type { CostLimiters } from '../limits.ts';
import { zodMessage } from '../outcome.ts';
import type { EventService } from './service.ts';

const tableId = z.string().regex(/^[A-Za-z0-9_-]{6,32}$/, 'Not a table id.');
const token = z.string().regex(/^[A-Za-z0-9_-]{20,100}$/, 'Not a seat token.');

/** `POST /api/events/:id/plays`: the caller's own ticket of the event, and the table asked for. */
export const playsBody = z.strictObject({
  ticket: z.strictObject({ tableId, seat: z.number().int().min(0).max(7), token }),
  of: tableId.optional(),
});

const COST = { list: 1, detail: 2, plays: 2, record: 5, entry: 10 } as const;

export function mountEventRoutes(
  app: Hono,
  events: () => EventService,
  members: Members | null,
  limits: CostLimiters,
  { requester, address, origin, reply, spent, body, invalid }: RouteKit,
): void {
  const charge = async (c: Context, cost: number): Promise<Response | null> =>
    spent(c, await limits.events.charge(await requester(c), cost), 'event requests');
  const eventId = (c: Context): string | null => {
    const id = c.req.param('id') ?? '';
    return id.length <= 64 && EVENT_ID.test(id) ? id : null;
  };
  const noEvent = (c: Context) =>
    reply(c, { ok: false, error: { code: 'no_such_event', message: 'There is no such event.' } });

  app.get('/api/events', async (c) => (await charge(c, COST.list)) ?? c.json(await events().list()));
  app.get('/api/events/:id', async (c) => {
    const id = eventId(c);
    if (!id) return noEvent(c);
    return (await charge(c, COST.detail)) ?? reply(c, await events().detail(id));
  });
  app.post('/api/events/:id/entries', async (c) => {
    const id = eventId(c);
    if (!id) return noEvent(c);
    const b = await body(c);
    if (typeof b === 'symbol') return invalid(c, 'The body must be JSON.');
    const refused = await charge(c, COST.entry);
    if (refused) return refused;
    const member = (await members?.account(c)) ?? null;
    const reserved = member ? null : await members?.reservedFor(b);
    if (reserved) return reply(c, reserved);
    const entered = await events().enter(id, b, {
      account: member,
      address: address(c),
      browser: origin(c, null).browser,
    });
    if (member && entered.ok) await members?.attach(member, { ...entered.value, game: id.split('-')[0]! });
    return reply(c, entered, 201);
  });
  app.post('/api/events/:id/plays', async (c) => {
    const id = eventId(c);
    if (!id) return noEvent(c);
    const parsed = playsBody.safeParse(await body(c));
    if (!parsed.success) return invalid(c, zodMessage(parsed.error));
    const refused = await charge(c, parsed.data.of === undefined ? COST.plays : COST.record);
    return refused ?? reply(c, await events().plays(id, parsed.data.ticket, parsed.data.of));
  });
  app.get('/api/players/:name/events', async (c) => {
    const name = c.req.param('name');
    if (!members || name.length > 96) return reply(c, { ok: false, error: noPlayer });
    const refused = await charge(c, COST.detail);
    if (refused) return refused;
    const account = await members.accounts.byName(name);
    if (!account) return reply(c, { ok: false, error: noPlayer });
    return c.json(await events().ofMember(account.id));
  });
}

const noPlayer = { code: 'no_such_player', message: 'There is no such player.' } as const;
