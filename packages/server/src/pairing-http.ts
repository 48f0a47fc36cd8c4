/**
 * The pairing routes (docs/server.md, "Pairing"): seek a table ("Play now"), ask where the seek
 * stands, start at once with bots, cancel. A member is known by the session, a guest by the
 * browser id (`X-Matchbox-Browser`, or `browser` in the body; never in the address). Seeking is
 * charged to the new-tables allowance, like creating the table it may make.
 */
import type { SeekSpec } from './pairing.ts';
import { personOf } from './leaving.ts';
import type { Context, Hono } from 'hono';
import { seekBody, seekerBody } from '@matchbox/client/wire';
import type { Members } from './account-http.ts';
import type { RouteKit } from './http.ts';
import type { CostLimiters } from './limits.ts';
import { tableCost } from './limits.ts';
import { fail, zodMessage } from './outcome.ts';
import type { PairingService } from './pairing.ts';

export function mountPairingRoutes(
  app: Hono,
  pairing: () => PairingService,
  members: Members | null,
  limits: CostLimiters,
  { requester, origin, reply, spent, body, invalid }: RouteKit,
): void {
  /** The person of a request: the member, else the guest's browser id; null when neither. */
  const seekerOf = async (c: Context, browser: string | undefined) => {
    const member = (await members?.account(c)) ?? null;
    const from = origin(c, member?.id ?? null);
    const person = personOf(from.account, browser ?? from.browser ?? undefined);
    return person === null ? null : { person, member, origin: { ...from, browser: browser ?? from.browser } };
  };
  const noPerson = (c: Context) =>
    reply(c, fail('invalid_request', 'A guest needs the browser id (browser) to seek a table.'));

  app.post('/api/pairing', async (c) => {
    const parsed = seekBody.safeParse(await body(c));
    if (!parsed.success) return invalid(c, zodMessage(parsed.error));
    const b = parsed.data;
    const who = await seekerOf(c, b.browser);
    if (!who) return noPerson(c);
    const reserved = who.member ? null : await members?.reservedFor(b);
    if (reserved) return reply(c, reserved);
    const refused = spent(
      c,
      await limits.tables.charge(await requester(c), tableCost({ players: b.players, botLevel: b.botLevel })),
      'new tables',
    );
    if (refused) return refused;
    const spec: SeekSpec = {
      game: b.game,
      players: b.players,
      options: b.options ?? {},
      level: b.botLevel ?? 'medium',
    };
    const seeker = {
      person: who.person,
      origin: who.origin,
      name: who.member?.name ?? b.name,
      avatar: b.avatar ?? null,
    };
    return reply(c, await pairing().seek(seeker, spec), 201);
  });

  const seekerRoute = (path: string, run: (person: string) => ReturnType<PairingService['status']>) =>
    app.post(path, async (c) => {
      const parsed = seekerBody.safeParse(await body(c));
      if (!parsed.success) return invalid(c, zodMessage(parsed.error));
      const who = await seekerOf(c, parsed.data.browser);
      return who ? reply(c, await run(who.person)) : noPerson(c);
    });
  seekerRoute('/api/pairing/status', (person) => pairing().status(person));
  seekerRoute('/api/pairing/start', (person) => pairing().startNow(person));
  // The page is closing (sent with `keepalive` on pagehide): the seek is not seated unless the
  // page comes back (a reload asks for the status again).
  app.post('/api/pairing/leaving', async (c) => {
    const parsed = seekerBody.safeParse(await body(c));
    if (!parsed.success) return invalid(c, zodMessage(parsed.error));
    const who = await seekerOf(c, parsed.data.browser);
    return who ? reply(c, await pairing().leaving(who.person)) : noPerson(c);
  });
  app.post('/api/pairing/cancel', async (c) => {
    const parsed = seekerBody.safeParse(await body(c));
    if (!parsed.success) return invalid(c, zodMessage(parsed.error));
    const who = await seekerOf(c, parsed.data.browser);
    return who ? reply(c, await pairing().cancel(who.person)) : noPerson(c);
  });
}
