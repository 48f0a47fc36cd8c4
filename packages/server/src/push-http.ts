/**
 * The notification routes (push.ts; docs/server.md, "Notifications"): the VAPID public key for
 * anyone, and for a member (by the session) their browsers' subscriptions and which kinds they
 * want. Bodies are bounded by the API's guards and validated with the wire schemas.
 */
import type { Context, Hono } from 'hono';
import { pushSettingsBody, pushSubscriptionBody, pushUnsubscribeBody } from '@matchbox/client/wire';
import type { Members } from './account-http.ts';
import type { RouteKit } from './http.ts';
import { fail, refusal, zodMessage } from './outcome.ts';
import type { PushService } from './push.ts';

export function mountPushRoutes(
  app: Hono,
  push: () => PushService,
  members: Members | null,
  { reply, body, invalid }: RouteKit,
): void {
  const notMember = (c: Context) =>
    c.json(refusal('not_logged_in', 'Notifications are for members: log in first.'), 401);
  const member = async (c: Context) => (await members?.account(c)) ?? null;

  app.get('/api/push/key', async (c) => {
    if (members === null)
      return reply(c, fail('push_unavailable', 'Notifications are not available on this server.'));
    return c.json({ key: await push().publicKey() });
  });

  app.post('/api/push/subscriptions', async (c) => {
    const parsed = pushSubscriptionBody.safeParse(await body(c));
    if (!parsed.success) return invalid(c, zodMessage(parsed.error));
    const account = await member(c);
    if (!account) return notMember(c);
    return reply(c, await push().subscribe(account.id, parsed.data), 201);
  });

  app.delete('/api/push/subscriptions', async (c) => {
    const parsed = pushUnsubscribeBody.safeParse(await body(c));
    if (!parsed.success) return invalid(c, zodMessage(parsed.error));
    const account = await member(c);
    if (!account) return notMember(c);
    return c.json(await push().unsubscribe(account.id, parsed.data.endpoint));
  });

  app.get('/api/push/settings', async (c) => {
    const account = await member(c);
    if (!account) return notMember(c);
    return c.json(await push().settings(account.id));
  });

  app.put('/api/push/settings', async (c) => {
    const parsed = pushSettingsBody.safeParse(await body(c));
    if (!parsed.success) return invalid(c, zodMessage(parsed.error));
    const account = await member(c);
    if (!account) return notMember(c);
    return c.json(await push().updateSettings(account.id, parsed.data));
  });
}
