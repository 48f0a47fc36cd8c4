/**
 * The built web app's files, sent compressed: the build leaves brotli (`.br`) and gzip (`.gz`)
 * copies beside each text file (packages/web/scripts/precompress.ts), and a request gets the
 * best its `Accept-Encoding` allows, with `Vary: Accept-Encoding` so that caches keep the
 * encodings apart. A file without copies (or a client that takes none) gets the file itself.
 */
import { existsSync, readFileSync, statSync } from 'node:fs';
import { extname, resolve, sep } from 'node:path';
import type { Context } from 'hono';

const TYPES: Readonly<Record<string, string>> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json',
  '.map': 'application/json',
  '.webmanifest': 'application/manifest+json',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.woff2': 'font/woff2',
  '.txt': 'text/plain; charset=utf-8',
};

/** Whether `Accept-Encoding` takes `coding` (listed, and not with q=0). */
export function accepts(header: string | undefined, coding: string): boolean {
  for (const part of (header ?? '').split(',')) {
    const [name, ...params] = part.trim().split(';');
    if (name?.trim().toLowerCase() !== coding) continue;
    const q = params.map((p) => /^\s*q=([\d.]+)\s*$/.exec(p)).find(Boolean);
    return !q || Number(q[1]) > 0;
  }
  return false;
}

/** A file's bytes, read once per version of the file. */
const cache = new Map<string, { mtimeMs: number; data: Buffer }>();
function read(path: string): Buffer | null {
  if (!existsSync(path)) return null;
  const stats = statSync(path);
  if (!stats.isFile()) return null;
  const { mtimeMs } = stats;
  const hit = cache.get(path);
  if (hit && hit.mtimeMs === mtimeMs) return hit.data;
  const data = readFileSync(path);
  cache.set(path, { mtimeMs, data });
  return data;
}

/**
 * Sends `name` from `dir` (never a path outside it), compressed when the client allows; null when
 * there is no such file.
 */
export function sendFile(
  c: Context,
  dir: string,
  name: string,
  cacheControl: string,
  status: 200 | 404 = 200,
): Response | null {
  const root = resolve(dir);
  const path = resolve(root, `.${sep}${name.replace(/^\/+/, '')}`);
  if (!path.startsWith(root + sep)) return null;
  const plain = read(path);
  if (plain === null) return null;
  const headers: Record<string, string> = {
    'content-type': TYPES[extname(path)] ?? 'application/octet-stream',
    'cache-control': cacheControl,
    vary: 'Accept-Encoding',
  };
  const acceptEncoding = c.req.header('accept-encoding');
  for (const [coding, ext] of [
    ['br', '.br'],
    ['gzip', '.gz'],
  ] as const) {
    if (!accepts(acceptEncoding, coding)) continue;
    const packed = read(path + ext);
    if (packed === null) continue;
    return c.body(new Uint8Array(packed), status, { ...headers, 'content-encoding': coding });
  }
  return c.body(new Uint8Array(plain), status, headers);
}
