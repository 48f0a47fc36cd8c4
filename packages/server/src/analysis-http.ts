/**
 * The analysis routes (docs/server.md, "Analyses"):
 *
 * - `POST /api/tables/:id/analysis` (no body, or `{}`) starts a finished table's analysis: 200
 *   `{ status: "done", analysis }` when it is stored, 202 `{ status: "queued", position }` or
 *   `{ status: "running", done, total }` while it is made; 503 `busy` when too many wait; 429
 *   `too_many_waiting` when the requester has as many waiting as one may, `rate_limited` when
 *   their allowance of analyses is spent (both with `retry_after` and `Retry-After`).
 * - `GET /api/tables/:id/analysis` says where it stands without starting one (`none`, `failed`
 *   with the error, or as above).
 *
 * Either answers 404 `no_such_table`, 409 `not_finished` for a game not over, 400
 * `invalid_request` for a malformed id or body.
 */
import type { Context, Hono } from 'hono';
import { z } from 'zod';
import type { AnalysisOutcome, AnalysisService } from './analyses.ts';
import type { WireErrorCode } from '@matchbox/client/wire';
import type { Charge, Requester } from './limits.ts';
import { isLimited, tooMany } from './limits.ts';
import type { Metrics } from './metrics.ts';
import type { ServerError } from './outcome.ts';
import { refusal } from './outcome.ts';

/** A table id as tokens.ts makes them (9 random bytes, base64url), with room to spare. */
const TABLE_ID = /^[A-Za-z0-9_-]{1,32}$/;

/**
 * The body of a POST: nothing to choose (every seat is analysed at the server's budget); `token`,
 * the caller's seat token, opens the analysis of a duplicate event's table to its own seat while
 * the event is open (events/access.ts). A GET sends it as the `X-Matchbox-Seat-Token` header.
 */
const SEAT_TOKEN = /^[A-Za-z0-9_-]{20,100}$/;
const SEAT_TOKEN_HEADER = 'x-matchbox-seat-token';
export const analysisBody = z.strictObject({ token: z.string().regex(SEAT_TOKEN).optional() });

const STATUS: Record<string, 400 | 404 | 409 | 503> = {
  no_such_table: 404,
  not_finished: 409,
  busy: 503,
};

export function mountAnalysisRoutes(
  app: Hono,
  analyses: () => AnalysisService,
  metrics: Metrics,
  /** Who asks (an address, and the member's account). */
  requester: (c: Context) => Promise<Requester>,
  /** Spends one of `who`'s analyses (limits.ts); asked only when an analysis is started. */
  charge: (who: Requester) => Promise<Charge>,
  /** Why `token` may not see the table (a duplicate event's, while open), or null. */
  guard: (tableId: string, token: string | null) => Promise<ServerError | null> = () => Promise.resolve(null),
): void {
  const refuse = (c: Context, code: WireErrorCode, message: string) => {
    metrics.rejected.inc({ code });
    return c.json(refusal(code, message), STATUS[code] ?? 400);
  };
  const reply = (c: Context, outcome: AnalysisOutcome) => {
    if (!outcome.ok) {
      if (!isLimited(outcome.error)) return refuse(c, outcome.error.code, outcome.error.message);
      metrics.rejected.inc({ code: outcome.error.code });
      return tooMany(c, outcome.error);
    }
    const s = outcome.value.status;
    return c.json(outcome.value, s === 'queued' || s === 'running' ? 202 : 200);
  };
  const tableId = (c: Context): string | null => {
    const id = c.req.param('id') ?? '';
    return TABLE_ID.test(id) ? id : null;
  };

  app.get('/api/tables/:id/analysis', async (c) => {
    const id = tableId(c);
    if (!id) return refuse(c, 'invalid_request', 'Not a table id.');
    const header = c.req.header(SEAT_TOKEN_HEADER) ?? null;
    const refused = await guard(id, header !== null && SEAT_TOKEN.test(header) ? header : null);
    if (refused) return refuse(c, refused.code, refused.message);
    return reply(c, await analyses().status(id));
  });
  app.post('/api/tables/:id/analysis', async (c) => {
    const id = tableId(c);
    if (!id) return refuse(c, 'invalid_request', 'Not a table id.');
    const text = await c.req.text();
    let token: string | null = null;
    if (text.trim() !== '') {
      let parsed: unknown;
      try {
        parsed = JSON.parse(text);
      } catch {
        return refuse(c, 'invalid_request', 'The body must be JSON.');
      }
      const body = analysisBody.safeParse(parsed);
      if (!body.success)
        return refuse(
          c,
          'invalid_request',
          'An analysis takes no options: send {} (or your seat token) or nothing.',
        );
      token = body.data.token ?? null;
    }
    const refused = await guard(id, token);
    if (refused) return refuse(c, refused.code, refused.message);
    const who = await requester(c);
    return reply(c, await analyses().request(id, who, () => charge(who)));
  });
}
