/**
 * Saves of local games in IndexedDB, from inside the worker (a worker has no localStorage, and
 * the save holds the whole deal, which the page is never sent).
 */
import type { SaveStore } from './host.ts';

const DB_NAME = 'matchbox-local';
const STORE = 'saves';

function request<T>(r: IDBRequest<T>): Promise<T> {
  return new Promise((resolve, reject) => {
    r.onsuccess = () => resolve(r.result);
    r.onerror = () => reject(r.error ?? new Error('IndexedDB request failed'));
  });
}

export function indexedDbStore(): SaveStore {
  let db: Promise<IDBDatabase> | null = null;
  const open = (): Promise<IDBDatabase> => {
    db ??= new Promise((resolve, reject) => {
      const r = indexedDB.open(DB_NAME, 1);
      r.onupgradeneeded = () => r.result.createObjectStore(STORE);
      r.onsuccess = () => resolve(r.result);
      r.onerror = () => reject(r.error ?? new Error('IndexedDB unavailable'));
    });
    return db;
  };
  return {
    async get(key) {
      const d = await open();
      return request<unknown>(d.transaction(STORE).objectStore(STORE).get(key) as IDBRequest<unknown>);
    },
    async put(key, value) {
      const d = await open();
      await request(d.transaction(STORE, 'readwrite').objectStore(STORE).put(value, key));
    },
  };
}

/** A store in memory, when IndexedDB is not available (the game then lasts for the page). */
export function memoryStore(): SaveStore {
  const saves = new Map<string, unknown>();
  return {
    get: (key) => Promise.resolve(saves.get(key) ?? null),
    put: (key, value) => {
      saves.set(key, structuredClone(value));
      return Promise.resolve();
    },
  };
}
