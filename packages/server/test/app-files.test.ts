// The web app's files: the app's routes answer with index.html (so a reload of /play, /daily or
// /learn works), an unknown address gives a browser the app with 404 (its "no such page") and a
// program JSON, the service worker and the manifest never stay in an HTTP cache, each file has
// its content type, and the build's brotli and gzip copies go out by Accept-Encoding, with Vary,
// hashed assets cached for a year.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { configFromEnv } from '../src/config.ts';
import { createHttpApp } from '../src/http.ts';
import { createMetrics } from '../src/metrics.ts';
import { precompress } from '../../web/scripts/precompress.ts';

const web = mkdtempSync(join(tmpdir(), 'matchbox-webdir-'));
mkdirSync(join(web, 'assets'));
writeFileSync(join(web, 'index.html'), '<!doctype html><title>app</title>');
writeFileSync(join(web, 'sw.js'), 'self.addEventListener("fetch", () => {});');
writeFileSync(join(web, 'manifest.webmanifest'), '{"name":"matchbox","display":"standalone"}');
writeFileSync(join(web, 'icon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
const script = `export const words = ${JSON.stringify(Array.from({ length: 400 }, (_, i) => `word ${i}`))};`;
writeFileSync(join(web, 'assets', 'index-abc123.js'), script);
precompress(web);

const app = createHttpApp(
  () => {
    throw new Error('no tables here');
  },
  configFromEnv({}),
  createMetrics(),
  () => Promise.resolve(true),
  web,
);

afterAll(() => rmSync(web, { recursive: true, force: true }));

describe('the web app files', () => {
  it('answers the routes of the games in the browser with the app', async () => {
    for (const path of ['/play/matchmaster?level=hard', '/daily', '/learn/match']) {
      const res = await app.request(path);
      expect(res.status, path).toBe(200);
      expect(await res.text()).toContain('<title>app</title>');
    }
  });

  it('sends the service worker and the manifest uncached, with their types', async () => {
    const sw = await app.request('/sw.js');
    expect(sw.status).toBe(200);
    expect(sw.headers.get('content-type')).toMatch(/^text\/javascript/);
    expect(sw.headers.get('cache-control')).toBe('no-cache');
    expect(await sw.text()).toContain('addEventListener');
    const manifest = await app.request('/manifest.webmanifest');
    expect(manifest.headers.get('content-type')).toBe('application/manifest+json');
    expect(manifest.headers.get('cache-control')).toBe('no-cache');
    expect(await manifest.json()).toMatchObject({ display: 'standalone' });
    expect((await app.request('/icon.svg')).headers.get('content-type')).toBe('image/svg+xml');
    // A file the build did not make is not found.
    expect((await app.request('/icon-512.png')).status).toBe(404);
  });

  it('gives a browser the app with 404 for an unknown address, and a program JSON', async () => {
    for (const path of ['/no/such/page', '/api/nothing']) {
      const page = await app.request(path, { headers: { accept: 'text/html,application/xhtml+xml' } });
      expect(page.status, path).toBe(404);
      expect(page.headers.get('content-type')).toMatch(/^text\/html/);
      expect(await page.text()).toContain('<title>app</title>');
    }
    const api = await app.request('/api/nothing', { headers: { accept: 'application/json' } });
    expect(api.status).toBe(404);
    expect(await api.json()).toMatchObject({ error: { code: 'not_found' } });
  });

  it('sends the build compressed by Accept-Encoding, with Vary, and hashed assets for a year', async () => {
    const path = '/assets/index-abc123.js';
    const br = await app.request(path, { headers: { 'accept-encoding': 'gzip, deflate, br' } });
    expect(br.headers.get('content-encoding')).toBe('br');
    expect(br.headers.get('vary')).toBe('Accept-Encoding');
    expect(br.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(br.headers.get('content-type')).toMatch(/^text\/javascript/);
    const packed = Buffer.from(await br.arrayBuffer());
    expect(packed.length).toBeLessThan(script.length / 3);
    expect(brotliDecompressSync(packed).toString()).toBe(script);
    const gz = await app.request(path, { headers: { 'accept-encoding': 'gzip, br;q=0' } });
    expect(gz.headers.get('content-encoding')).toBe('gzip');
    expect(gunzipSync(Buffer.from(await gz.arrayBuffer())).toString()).toBe(script);
    const plain = await app.request(path);
    expect(plain.headers.get('content-encoding')).toBeNull();
    expect(await plain.text()).toBe(script);
    expect((await app.request('/assets/../index.html')).status).not.toBe(200);
    expect((await app.request('/assets/nothing.js')).status).toBe(404);
  });
});
