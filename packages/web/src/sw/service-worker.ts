/**
 * The service worker: after one visit the app loads without the server, so the games in the
 * browser (local/) work offline. Hand-written and small:
 * - install: the app shell (`/`) and every file of the build are cached;
 * - navigations: network first, else the cached shell (every route is the same index.html);
 * - /api: network first, a GET answer kept as a fallback; socket.io is left alone;
 * - hashed /assets: cache first (their names change with their content);
 * - push: a notification (docs/server.md, "Notifications"), unless the table it names is on
 *   screen (or, for a table pairing found, any window of the app is); a click on it focuses the
 *   table's window or opens the table.
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
interface PushEvent extends ExtendableEvent {
  readonly data: { text(): string } | null;
}
interface NotificationEvent extends ExtendableEvent {
  readonly notification: { readonly data: unknown; close(): void };
}
interface WindowClient {
  readonly url: string;
  readonly visibilityState: DocumentVisibilityState;
  focus(): Promise<WindowClient>;
  navigate(url: string): Promise<WindowClient | null>;
  postMessage(message: unknown): void;
}
interface ServiceWorkerScope {
  readonly location: Location;
  skipWaiting(): Promise<void>;
  readonly clients: {
    claim(): Promise<void>;
    matchAll(options: { type: 'window'; includeUncontrolled: boolean }): Promise<readonly WindowClient[]>;
    openWindow(url: string): Promise<WindowClient | null>;
  };
  readonly registration: {
    showNotification(title: string, options: NotificationOptions & { data?: unknown }): Promise<void>;
  };
  addEventListener(type: 'install' | 'activate', listener: (event: ExtendableEvent) => void): void;
  addEventListener(type: 'fetch', listener: (event: FetchEvent) => void): void;
  addEventListener(type: 'push', listener: (event: PushEvent) => void): void;
  addEventListener(type: 'notificationclick', listener: (event: NotificationEvent) => void): void;
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

/** A notification's payload as the server sends it (wire.ts `PushPayload`), checked. */
interface Payload {
  readonly kind: 'turn' | 'accepted' | 'paired';
  readonly title: string;
  readonly body: string;
  /** The table's page, made here from its id: a payload never names another address. */
  readonly url: string;
  readonly tag: string;
}

function payloadOf(data: PushEvent['data']): Payload | null {
  let p: Record<string, unknown>;
  try {
    p = JSON.parse(data?.text() ?? '') as Record<string, unknown>;
  } catch {
    return null;
  }
  const { kind, tableId, title, body } = p ?? {};
  if (kind !== 'turn' && kind !== 'accepted' && kind !== 'paired') return null;
  if (typeof tableId !== 'string' || !/^[A-Za-z0-9_-]{1,64}$/.test(tableId)) return null;
  if (typeof title !== 'string' || typeof body !== 'string') return null;
  return {
    kind,
    title: title.slice(0, 120),
    body: body.slice(0, 240),
    url: `/t/${tableId}`,
    tag: `${kind}:${tableId}`,
  };
}

const pathOf = (url: string) => new URL(url).pathname;

/**
 * Shows a push's notification unless someone is looking: at this very table, or (a table found by
 * pairing) at the app, which shows it. The app's windows are told what was done (a page may
 * refresh what it shows; a test reads it where the browser shows no notifications).
 */
async function onPush(data: PushEvent['data']): Promise<void> {
  const payload = payloadOf(data);
  if (!payload) return;
  const windows = await sw.clients.matchAll({ type: 'window', includeUncontrolled: true });
  const visible = windows.filter((w) => w.visibilityState === 'visible');
  const seen =
    visible.some((w) => pathOf(w.url) === payload.url) || (payload.kind === 'paired' && visible.length > 0);
  const shown = seen ? null : { title: payload.title, body: payload.body, tag: payload.tag };
  let error: string | null = null;
  if (shown)
    await sw.registration
      .showNotification(shown.title, {
        body: shown.body,
        tag: shown.tag,
        icon: '/icon-192.png',
        data: { url: payload.url },
      })
      .catch((e: unknown) => (error = String(e)));
  for (const w of windows)
    w.postMessage({ type: 'matchbox-push', kind: payload.kind, url: payload.url, shown, error });
}

/** Focuses the table's window, else moves a window of the app there, else opens one. */
async function openTable(url: string): Promise<void> {
  const windows = await sw.clients.matchAll({ type: 'window', includeUncontrolled: true });
  const there = windows.find((w) => pathOf(w.url) === url);
  if (there) {
    await there.focus();
    return;
  }
  const moved = windows[0] ? await windows[0].navigate(url).catch(() => null) : null;
  if (moved) await moved.focus();
  else await sw.clients.openWindow(url);
}

sw.addEventListener('push', (event) => event.waitUntil(onPush(event.data)));

sw.addEventListener('notificationclick', (event) => {
  event.notification.close();
  const url = (event.notification.data as { url?: unknown } | null)?.url;
  if (typeof url === 'string' && /^\/t\/[A-Za-z0-9_-]{1,64}$/.test(url)) event.waitUntil(openTable(url));
});
