/**
 * A queue per requester, served round-robin: the next item is the oldest of the requester whose
 * turn it is, and a requester served goes to the back of the line. Whoever asks for a hundred
 * things waits behind everyone else's first one, so no requester starves another (bot moves per
 * table creator in bots.ts, analyses per address and account in analyses.ts).
 */
export class FairQueue<T> {
  /** Requester -> their items, oldest first; the Map's order is the order of turns. */
  private readonly queues = new Map<string, T[]>();
  private count = 0;

  get size(): number {
    return this.count;
  }

  /** Items `requester` has waiting. */
  countOf(requester: string): number {
    return this.queues.get(requester)?.length ?? 0;
  }

  push(requester: string, item: T): void {
    const queue = this.queues.get(requester);
    if (queue) queue.push(item);
    else this.queues.set(requester, [item]);
    this.count++;
  }

  /** The next item: the oldest of the requester whose turn it is (who then goes to the back). */
  shift(): T | undefined {
    const first = this.queues.entries().next();
    if (first.done) return undefined;
    const [requester, queue] = first.value;
    const item = queue.shift()!;
    this.queues.delete(requester);
    if (queue.length > 0) this.queues.set(requester, queue);
    this.count--;
    return item;
  }

  /** Every item in the order `shift` would give them. */
  order(): T[] {
    const lines = [...this.queues.values()].map((q) => q.slice());
    const out: T[] = [];
    for (let round = 0; out.length < this.count; round++)
      for (const line of lines) if (round < line.length) out.push(line[round]!);
    return out;
  }

  /** Takes every item out (they are dropped). */
  clear(): void {
    this.queues.clear();
    this.count = 0;
  }
}
