/**
 * Writes another site could make a browser send (docs/server.md, "Threat model"). A form on any
 * site may post `text/plain` or a form encoding to this server, and the browser adds the session
 * cookie to a same-site request (SameSite=Lax lets a sibling subdomain's page through). So:
 *
 * - an API write with a body must be `application/json` (a form cannot send that type without a
 *   CORS preflight, which this server never grants): `unsupported_type`, 415;
 * - an API write whose `Origin` is another origin is refused: `bad_origin`, 403;
 * - a write that carries the session cookie (and no bearer token) must carry an `Origin`: browsers
 *   send one with every POST, same-origin fetches included (the Fetch standard; Chrome, Firefox
 *   and Safari all do), while programs use a bearer token, so a cookie write without one is
 *   refused (`bad_origin`) rather than trusted.
 */
import type { Context, MiddlewareHandler } from 'hono';
import { getCookie } from 'hono/cookie';
import { SESSION_COOKIE } from './accounts.ts';
import type { WireErrorCode } from '@matchbox/client/wire';
import { refusal } from './outcome.ts';

const WRITES = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/** Whether the request carries a body (a length above 0, or a chunked one). */
function hasBody(c: Context): boolean {
  const length = c.req.header('content-length');
  if (length !== undefined) return Number(length) > 0;
  return c.req.header('transfer-encoding') !== undefined;
}

const isJson = (type: string | undefined) =>
  type !== undefined && /^application\/json\s*(;|$)/i.test(type.trim());

/** The origins this server answers as: its public address, and the address the request names. */
function sameOrigin(c: Context, origin: string, publicUrl: string | undefined): boolean {
  let asked: URL;
  try {
    asked = new URL(origin);
  } catch {
    return false;
  }
  if (publicUrl && new URL(publicUrl).origin === asked.origin) return true;
  const host = c.req.header('host');
  return host !== undefined && asked.host === host && /^https?:$/.test(asked.protocol);
}

export function writeGuard(publicUrl: string | undefined): MiddlewareHandler {
  return async (c, next) => {
    if (!WRITES.has(c.req.method)) return next();
    const refuse = (code: WireErrorCode, message: string, status: 403 | 415) =>
      c.json(refusal(code, message), status);
    if (hasBody(c) && !isJson(c.req.header('content-type')))
      return refuse('unsupported_type', 'A request body must be JSON (Content-Type: application/json).', 415);
    const origin = c.req.header('origin');
    if (origin !== undefined && !sameOrigin(c, origin, publicUrl))
      return refuse('bad_origin', 'Requests from another site are not accepted.', 403);
    const bearer = c.req.header('authorization')?.startsWith('Bearer ') ?? false;
    if (origin === undefined && !bearer && getCookie(c, SESSION_COOKIE) !== undefined)
      return refuse('bad_origin', 'A request made with the session cookie must say its Origin.', 403);
    return next();
  };
}
