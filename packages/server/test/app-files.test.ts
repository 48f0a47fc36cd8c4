// The web app's files the server sends besides the hashed assets: the app's routes answer with
// index.html (so a reload of /play, /daily or /learn works), the service worker and the manifest
// never stay in an HTTP cache, and each has its content type.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { configFromEnv } from '../src/config.ts';
import { createHttpApp } from '../src/http.ts';
import { createMetrics } from '../src/metrics.ts';

const web = mkdtempSync(join(tmpdir(), 'matchbox-webdir-'));
mkdirSync(join(web, 'assets'));
writeFileSync(join(web, 'index.html'), '<!doctype html><title>app</title>');
writeFileSync(join(web, 'sw.js'), 'self.addEventListener("fetch", () => {});');
writeFileSync(join(web, 'manifest.webmanifest'), '{"name":"matchbox","display":"standalone"}');
writeFileSync(join(web, 'icon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');

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
});
