/**
 * The report and block routes (reports.ts; docs/server.md, "Reports and blocks"). The caller is
 * the member (by the session), else the guest's browser (`X-Matchbox-Browser`). A report is
 * charged to the reports allowance (a few an hour per address and account); a table's report or
 * block is refused where the caller may not watch the table (a duplicate event's rule).
 */
import type { Context, Hono } from 'hono';
import { blockBody, reportBody } from '@matchbox/client/wire';
import type { Members } from './account-http.ts';
import type { RouteKit } from './http.ts';
import { personOf } from './leaving.ts';
import type { CostLimiters } from './limits.ts';
import { fail, zodMessage } from './outcome.ts';
import type { ReportService } from './reports.ts';
import type { TableService } from './tables.ts';

const ID = /^[A-Za-z0-9_-]{1,32}$/;

export function mountReportRoutes(
  app: Hono,
  reports: () => ReportService,
  service: () => TableService,
  members: Members | null,
  limits: CostLimiters,
  { requester, reply, spent, body, invalid }: RouteKit,
): void {
  const personOfRequest = async (c: Context) => {
    const member = (await members?.account(c)) ?? null;
    return personOf(member?.id ?? null, c.req.header('x-matchbox-browser'));
  };
  const nobody = (c: Context) =>
    reply(c, fail('invalid_request', 'A guest needs the browser id (X-Matchbox-Browser) for this.'));

  app.post('/api/reports', async (c) => {
    const parsed = reportBody.safeParse(await body(c));
    if (!parsed.success) return invalid(c, zodMessage(parsed.error));
    const person = await personOfRequest(c);
    if (person === null) return nobody(c);
    const { token, ...input } = parsed.data;
    const refused = await service().eventRefusal(input.tableId, token ?? null);
    if (refused) return reply(c, { ok: false, error: refused });
    const who = await requester(c);
    const flood = spent(c, await limits.reports.charge(who), 'reports');
    if (flood) return flood;
    return reply(c, await reports().report(person, who.address, input), 201);
  });

  app.post('/api/blocks', async (c) => {
    const parsed = blockBody.safeParse(await body(c));
    if (!parsed.success) return invalid(c, zodMessage(parsed.error));
    const person = await personOfRequest(c);
    if (person === null) return nobody(c);
    const refused = await service().eventRefusal(parsed.data.tableId, null);
    if (refused) return reply(c, { ok: false, error: refused });
    return reply(c, await reports().block(person, parsed.data.tableId, parsed.data.seat), 201);
  });

  app.get('/api/blocks', async (c) => {
    const tableId = c.req.query('tableId') ?? null;
    if (tableId !== null && !ID.test(tableId)) return invalid(c, 'tableId: Not a table id.');
    const person = await personOfRequest(c);
    if (person === null) return nobody(c);
    return c.json(await reports().blocks(person, tableId));
  });

  app.delete('/api/blocks/:id', async (c) => {
    const id = c.req.param('id');
    if (!ID.test(id)) return invalid(c, 'Not a block id.');
    const person = await personOfRequest(c);
    if (person === null) return nobody(c);
    return c.json(await reports().unblock(person, id));
  });
}
