/**
 * A node's notices from the other nodes of a cluster are Redis pub/sub: when its subscription
 * drops and comes back, what was published meanwhile is lost. The table service then reads every
 * loaded table from the store, and its connections hear of the moves they missed (service-harness.ts:
 * the store's append stands for another node's commit whose notice never arrived).
 */
import { afterEach, describe, expect, it } from 'vitest';
import { LocalCoordinator } from '../src/cluster.ts';
import type { Harness } from './service-harness.ts';
import { serviceHarness } from './service-harness.ts';

/** One node that owns every table, whose subscription the test drops and brings back. */
class DroppingCoordinator extends LocalCoordinator {
  private readonly handlers: (() => void)[] = [];
  override onResubscribed(handler: () => void): void {
    this.handlers.push(handler);
  }
  resubscribed(): void {
    for (const h of this.handlers) h();
  }
}

let h: Harness | null = null;
afterEach(async () => {
  await h?.close();
  h = null;
});

describe('notices lost while the subscription was down', () => {
  it('every loaded table reads the store again, and its viewers get the moves they missed', async () => {
    const coordinator = new DroppingCoordinator();
    h = await serviceHarness(1_000_000, {}, coordinator);
    const made = await h.service.create(
      {
        game: 'matchmaster',
        players: 2,
        name: 'Ada',
        options: { handSizes: [3, 2] },
        seats: [{ kind: 'open' }, { kind: 'open' }],
      },
      'test',
    );
    if (!made.ok) throw new Error(made.error.message);
    const id = made.value.table.id;
    const joined = await h.service.join(id, { name: 'Bob', invite: made.value.invite });
    expect(joined.ok).toBe(true);
    const before = h.service.current(id, 0)!;
    const seat = before.toAct[0]!;
    const action = h.service.current(id, seat)!.legal[0]!.text;
    // Another node's commit whose notice never came: in the store, not in this node's copy.
    const stored = (await h.store.getTable(id))!;
    const entry = {
      seq: stored.version + 1,
      seat,
      action,
      chance: null,
      actor: 'human' as const,
      at: h.now(),
    };
    expect(await h.store.append(id, entry, stored.revision, { deadlineAt: stored.deadlineAt })).toBe('ok');
    await h.advance(100);
    expect(h.service.current(id, 0)!.version).toBe(stored.version);
    h.sent.length = 0;
    coordinator.resubscribed();
    await h.advance(100);
    expect(h.service.current(id, seat)!.version).toBe(stored.version + 1);
    for (const viewer of [0, 1, null]) {
      const heard = h.sent.filter((s) => s.tableId === id && s.viewer === viewer).at(-1)?.update;
      expect(heard).toMatchObject({ version: stored.version + 1, from: stored.version });
      expect(heard!.events.length).toBeGreaterThan(0);
    }
  });
});
