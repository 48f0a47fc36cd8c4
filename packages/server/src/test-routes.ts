/**
 * Routes for tests that run the server in another process (the browser tests' shared server),
 * mounted only when the server starts with `MATCHBOX_TEST_ROUTES=1` (`config.testRoutes`); without
 * it they do not exist (a 404 like any unknown path; hostile.test.ts checks). They reach what such
 * a test used to reach in-process through `TableService`: a loaded table's real state, and a
 * seat's move made without its token (the quick way to a late position).
 *
 * - `GET /api/test/tables/:id` answers `{ game, save }`: the game's id and the engine's
 *   serialization of the real state (`game.deserialize(save)` gives it back), 404 `no_such_table`
 *   when the table is not loaded.
 * - `POST /api/test/tables/:id/act` with `{ seat, action }` plays the action (text notation) for
 *   the seat as its person would: `{ version }`, or the refusal's code as any action gets.
 * - `GET /api/test/heap` answers what the process allocated and its collector's pauses since the
 *   previous such request (heap-watch.ts), with its heap and RSS, and the tables held in memory
 *   (the benchmarks read it at each window's start and end). With `MATCHBOX_HEAP_PROFILE=DIR`, each
 *   reading also writes the sampling heap profile since the previous one to DIR (`heapProfile`:
 *   its file; heap-watch.ts, `AllocationSampler`).
 * - `POST /api/test/heap-snapshot` writes a heap snapshot of the process (V8's
 *   `writeHeapSnapshot`) to the folder `MATCHBOX_HEAP_SNAPSHOT` names and answers `{ file }` (404 `not_found`
 *   without the setting): what the process retains, object by object (the bench's
 *   `--heap-snapshot`). It stops the process while it is written.
 *
 * Never set the flag on a server that players reach: it shows every hidden card.
 */
import { join } from 'node:path';
import { writeHeapSnapshot } from 'node:v8';
import type { Context, Hono } from 'hono';
import { z } from 'zod';
import type { Outcome, TableService } from './tables.ts';
import { zodMessage } from './tables.ts';
import { AllocationSampler, HeapWatch } from './heap-watch.ts';
import type { WireErrorCode } from '@matchbox/client/wire';
import { refusal } from './outcome.ts';

const actBody = z.strictObject({
  seat: z.number().int().min(0).max(64),
  action: z.string().min(1).max(4096),
});

export function mountTestRoutes(app: Hono, service: () => TableService): void {
  const refuse = (c: Context, code: WireErrorCode, message: string, status: 400 | 404 | 409) =>
    c.json(refusal(code, message), status);
  const reply = <T>(c: Context, outcome: Outcome<T>) =>
    outcome.ok ? c.json(outcome.value as object) : refuse(c, outcome.error.code, outcome.error.message, 409);

  const heap = new HeapWatch();
  heap.start();
  // With MATCHBOX_HEAP_PROFILE=DIR each reading also writes where the process allocated since the
  // previous one (heap-watch.ts, `AllocationSampler`), and names the file.
  const profileDir = process.env['MATCHBOX_HEAP_PROFILE'];
  const sampler = profileDir ? new AllocationSampler(profileDir) : null;
  app.get('/api/test/heap', async (c) => {
    const heapProfile = sampler ? await sampler.cut() : null;
    return c.json({ ...heap.read(), ...service().memory(), ...(sampler ? { heapProfile } : {}) });
  });
  const snapshotDir = process.env['MATCHBOX_HEAP_SNAPSHOT'];
  app.post('/api/test/heap-snapshot', (c) => {
    if (!snapshotDir) return refuse(c, 'not_found', 'MATCHBOX_HEAP_SNAPSHOT is not set.', 404);
    const file = join(snapshotDir, `matchbox-${process.pid}-${Date.now()}.heapsnapshot`);
    return c.json({ file: writeHeapSnapshot(file) });
  });
  app.get('/api/test/tables/:id', (c) => {
    const live = service().inspect(c.req.param('id'));
    if (!live) return refuse(c, 'no_such_table', 'No such table is loaded.', 404);
    return c.json({ game: live.game.meta.id, save: live.game.serialize(live.state as never) });
  });
  app.post('/api/test/tables/:id/act', async (c) => {
    let parsed: unknown;
    try {
      parsed = await c.req.json();
    } catch {
      return refuse(c, 'invalid_request', 'The body must be JSON.', 400);
    }
    const body = actBody.safeParse(parsed);
    if (!body.success) return refuse(c, 'invalid_request', zodMessage(body.error), 400);
    const id = c.req.param('id');
    if (!service().inspect(id)) return refuse(c, 'no_such_table', 'No such table is loaded.', 404);
    return reply(c, await service().act(id, body.data.seat, body.data.action, 'human'));
  });
}
