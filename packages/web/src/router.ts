/** A small history-API router: the four routes of the app, links and navigation. */
import { useSyncExternalStore } from 'react';

export type Route =
  | { readonly name: 'lobby' }
  | { readonly name: 'table'; readonly tableId: string }
  | { readonly name: 'join'; readonly tableId: string; readonly invite: string | null }
  | { readonly name: 'rules'; readonly game: string }
  | { readonly name: 'login' }
  | { readonly name: 'profile'; readonly player: string }
  | { readonly name: 'leaderboard'; readonly game: string }
  | { readonly name: 'replay'; readonly tableId: string | null; readonly event?: string }
  | { readonly name: 'events' }
  | { readonly name: 'event'; readonly id: string }
  | {
      readonly name: 'pad';
      readonly game: string | null;
      readonly padId: string | null;
      readonly fresh: boolean;
    }
  | { readonly name: 'play'; readonly mode: string; readonly query: string }
  | { readonly name: 'daily'; readonly query: string }
  | { readonly name: 'learn'; readonly game: string }
  | { readonly name: 'blocks' }
  | { readonly name: 'missing'; readonly path: string };

export function parseRoute(pathname: string, search: string): Route {
  const params = new URLSearchParams(search);
  let m: RegExpExecArray | null;
  if (pathname === '/' || pathname === '') return { name: 'lobby' };
  if ((m = /^\/t\/([A-Za-z0-9_-]{1,64})\/?$/.exec(pathname))) return { name: 'table', tableId: m[1]! };
  if ((m = /^\/join\/([A-Za-z0-9_-]{1,64})\/?$/.exec(pathname)))
    return { name: 'join', tableId: m[1]!, invite: params.get('invite') };
  if ((m = /^\/rules\/([a-z0-9]{1,32})\/?$/.exec(pathname))) return { name: 'rules', game: m[1]! };
  if (/^\/login\/?$/.test(pathname)) return { name: 'login' };
  if ((m = /^\/players\/([^/]{1,100})\/?$/.exec(pathname)))
    return { name: 'profile', player: safeDecode(m[1]!) };
  if ((m = /^\/leaderboard\/([a-z0-9]{1,32})\/?$/.exec(pathname)))
    return { name: 'leaderboard', game: m[1]! };
  if (/^\/replay\/?$/.test(pathname)) return { name: 'replay', tableId: null };
  if ((m = /^\/replay\/([A-Za-z0-9_-]{1,64})\/?$/.exec(pathname))) {
    const event = params.get('event');
    return { name: 'replay', tableId: m[1]!, ...(event && event.length <= 64 ? { event } : {}) };
  }
  if (/^\/events\/?$/.test(pathname)) return { name: 'events' };
  if ((m = /^\/events\/([a-z0-9-]{1,64})\/?$/.exec(pathname))) return { name: 'event', id: m[1]! };
  if (/^\/pad\/?$/.test(pathname)) return { name: 'pad', game: null, padId: null, fresh: false };
  if ((m = /^\/pad\/([a-z0-9]{1,32})\/?$/.exec(pathname)))
    return { name: 'pad', game: m[1]!, padId: params.get('pad'), fresh: params.has('new') };
  if ((m = /^\/play\/([a-z0-9-]{1,32})\/?$/.exec(pathname)))
    return { name: 'play', mode: m[1]!, query: search };
  if (/^\/daily\/?$/.test(pathname)) return { name: 'daily', query: search };
  if ((m = /^\/learn\/([a-z0-9]{1,32})\/?$/.exec(pathname))) return { name: 'learn', game: m[1]! };
  if (/^\/blocks\/?$/.test(pathname)) return { name: 'blocks' };
  return { name: 'missing', path: pathname };
}

/** A path segment decoded (a member's name may hold letters beyond ASCII). */
function safeDecode(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}

const listeners = new Set<() => void>();
const notify = () => listeners.forEach((l) => l());
if (typeof window !== 'undefined') window.addEventListener('popstate', notify);

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}
const snapshot = () => (typeof location === 'undefined' ? '/' : location.pathname + location.search);

/** The current location (path and query), re-rendering on navigation. */
export function useLocation(): string {
  return useSyncExternalStore(subscribe, snapshot, () => '/');
}

export function useRoute(): Route {
  const where = useLocation();
  const q = where.indexOf('?');
  return parseRoute(q < 0 ? where : where.slice(0, q), q < 0 ? '' : where.slice(q));
}

export function navigate(to: string, options: { replace?: boolean } = {}): void {
  if (options.replace) history.replaceState(null, '', to);
  else history.pushState(null, '', to);
  window.scrollTo?.(0, 0);
  notify();
}
