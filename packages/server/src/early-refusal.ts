/**
 * Refusals before routing (docs/server.md, "Threat model"): a request to a cost-limited route from
 * an address this node found spent (limits.ts `refusedNow`) is answered 429 by the HTTP server
 * itself, before the web framework makes a request object, reads the body or asks the store, and
 * a second later. A client that keeps asking without waiting `retry_after` then costs the event
 * loop a parse, a timer and a short write, and a loop of requests asks once a second, so it
 * cannot slow other people's tables by asking faster.
 */
import type { BlockList } from 'node:net';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { clientAddress } from './client-address.ts';
import type { CostLimiters, RequesterLimit } from './limits.ts';
import { refusal } from './outcome.ts';

/** The cost limit a request spends, by its method and path (only the routes a flood repeats). */
export function limitOf(method: string | undefined, url: string | undefined, limits: CostLimiters) {
  if (!url?.startsWith('/api/tables')) return null;
  const path = url.split('?', 1)[0]!;
  if (method === 'POST' && /^\/api\/tables\/[^/]+\/replay$/.test(path)) return limits.replays;
  if (method === 'GET' && /^\/api\/tables\/[^/]+\/record$/.test(path)) return limits.records;
  if (method === 'POST' && path === '/api/tables') return limits.tables;
  return null;
}

/** How long an early refusal waits before it is written. */
export const REFUSAL_DELAY_MS = 1000;
/** Refusals waiting at most at once (each holds its connection); past it they are answered at once. */
const MAX_HELD = 2000;

/**
 * A request listener's guard: true when it answered the request (429) itself, false when the
 * request goes on to the routes.
 */
export function earlyRefusal(
  limits: CostLimiters,
  trusted: BlockList,
  counted: () => void = () => {},
): (req: IncomingMessage, res: ServerResponse) => boolean {
  let held = 0;
  return (req, res) => {
    const limit: RequesterLimit | null = limitOf(req.method, req.url, limits);
    if (!limit) return false;
    const forwarded = req.headers['x-forwarded-for'];
    const address = clientAddress(
      req.socket.remoteAddress,
      Array.isArray(forwarded) ? forwarded.join(',') : forwarded,
      trusted,
    );
    const refused = limit.refusedNow(address);
    if (!refused || refused.ok) return false;
    counted();
    const body = JSON.stringify(
      refusal('rate_limited', 'Too many requests of this kind from here; wait a moment.', refused.retryAfter),
    );
    const answer = () => {
      res.writeHead(429, {
        'content-type': 'application/json',
        'content-length': Buffer.byteLength(body),
        'retry-after': String(refused.retryAfter),
      });
      res.end(body);
    };
    // Answered a moment later (while few are held): a client asking again at once, as a loop that
    // ignores `retry_after` does, asks at most about once a second per connection.
    if (held >= MAX_HELD) answer();
    else {
      held++;
      setTimeout(() => {
        held--;
        if (!res.destroyed) answer();
      }, REFUSAL_DELAY_MS).unref();
    }
    return true;
  };
}
