/**
 * The service worker: after one visit the app loads without the server, so the games in the
 * browser (local/) work offline. Hand-written and small:
 * - install: the app shell (`/`) and every file of the build are cached;
 * - navigations: network first, else the cached shell (every route is the same index.html);
 * - /api: network first, a GET answer kept as a fallback; socket.io is left alone;
 * - hashed /assets: cache first (their names change with their content).
 * The build (vite.config.ts, `serviceWorker()`) fills in the file list and the build id.
 */

// The service worker's globals (the DOM library this project compiles against lacks them).
interface ExtendableEvent extends Event {
  waitUntil(promise: Promise<unknown>): void;
}
interface FetchEvent extends ExtendableEvent {
  readonly request: Request;
  respondWith(response: Promise<Response> | Response): void;
}
interface ServiceWorkerScope {
  readonly location: Location;
  skipWaiting(): Promise<void>;
  readonly clients: { claim(): Promise<void> };
  addEventListener(type: 'install' | 'activate', listener: (event: ExtendableEvent) => void): void;
  addEventListener(type: 'fetch', listener: (event: FetchEvent) => void): void;
}

const sw = self as unknown as ServiceWorkerScope;
const BUILD = '__MATCHBOX_BUILD__';
const FILES = '__MATCHBOX_FILES__'.split('|').filter(Boolean);
const SHELL = `matchbox-shell-${BUILD}`;
const API = 'matchbox-api';

sw.addEventListener('install', (event) => {
  event.waitUntil(
    caches
      .open(SHELL)
      .then((cache) => cache.addAll(['/', ...FILES]))
      .then(() => sw.skipWaiting()),
  );
});

sw.addEventListener('activate', (event) => {
  event.waitUntil(
    caches
      .keys()
      .then((keys) =>
        Promise.all(
          keys.filter((k) => k.startsWith('matchbox-shell-') && k !== SHELL).map((k) => caches.delete(k)),
        ),
      )
      .then(() => sw.clients.claim()),
  );
});

async function cacheFirst(request: Request): Promise<Response> {
  const cached = await caches.match(request);
  if (cached) return cached;
  const response = await fetch(request);
  if (response.ok) {
    const copy = response.clone();
    void caches.open(SHELL).then((cache) => cache.put(request, copy));
  }
  return response;
}

async function networkFirst(request: Request, cacheName: string, fallback?: string): Promise<Response> {
  try {
    const response = await fetch(request);
    if (response.ok && cacheName === API) {
      const copy = response.clone();
      void caches.open(API).then((cache) => cache.put(request, copy));
    }
    return response;
  } catch (error) {
    const cached = (await caches.match(request)) ?? (fallback ? await caches.match(fallback) : undefined);
    if (cached) return cached;
    throw error;
  }
}

sw.addEventListener('fetch', (event) => {
  const request = event.request;
  if (request.method !== 'GET') return;
  const url = new URL(request.url);
  if (url.origin !== sw.location.origin || url.pathname.startsWith('/socket.io')) return;
  if (url.pathname.startsWith('/api/')) event.respondWith(networkFirst(request, API));
  else if (request.mode === 'navigate') event.respondWith(networkFirst(request, SHELL, '/'));
  else if (url.pathname.startsWith('/assets/') || FILES.includes(url.pathname))
    event.respondWith(cacheFirst(request));
});
