/**
 * The local table's Web Worker: the engine, the bots and the full state live here; the page gets
 * only the person's updates (see host.ts and protocol.ts).
 */
import { LocalHost } from './host.ts';
import type { PageMessage, WorkerMessage } from './protocol.ts';
import { indexedDbStore, memoryStore } from './saveStore.ts';

interface WorkerScope {
  postMessage(message: WorkerMessage): void;
  onmessage: ((event: MessageEvent<PageMessage>) => void) | null;
}

const scope = self as unknown as WorkerScope;
const host = new LocalHost(
  (message) => scope.postMessage(message),
  typeof indexedDB === 'undefined' ? memoryStore() : indexedDbStore(),
);
// One message at a time, in order: a move is never handled while the previous one is.
let queue: Promise<void> = Promise.resolve();
scope.onmessage = (event) => {
  queue = queue
    .then(() => host.handle(event.data))
    .catch((e: unknown) => {
      scope.postMessage({
        type: 'failed',
        error: { code: 'worker_failed', message: e instanceof Error ? e.message : String(e) },
      });
    });
};
