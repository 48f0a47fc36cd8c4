/**
 * The installable app's build step (a Vite plugin, production builds only): emits the service
 * worker (src/sw/service-worker.ts) as `sw.js` with the list of the build's files and a build id
 * filled in, and the PNG icons drawn from the same shapes as public/icon.svg (some systems want
 * bitmaps for the home screen).
 */
import { createHash } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import { deflateSync } from 'node:zlib';
import type { Plugin, Rollup } from 'vite';

const SW_SOURCE = fileURLToPath(new URL('../src/sw/service-worker.ts', import.meta.url));
/** Files of public/ (copied as they are, so not in the bundle) that the app shell needs. */
const PUBLIC_FILES = ['/manifest.webmanifest', '/icon.svg'];
const ICON_SIZES = [192, 512] as const;

export function serviceWorker(): Plugin {
  return {
    name: 'matchbox:service-worker',
    apply: 'build',
    enforce: 'post',
    buildStart() {
      this.emitFile({ type: 'chunk', id: SW_SOURCE, fileName: 'sw.js' });
      for (const size of ICON_SIZES)
        this.emitFile({ type: 'asset', fileName: `icon-${size}.png`, source: drawIcon(size) });
    },
    generateBundle(_options, bundle) {
      const sw = bundle['sw.js'];
      if (!sw || sw.type !== 'chunk') return;
      const files = [...offlineFiles(bundle), ...PUBLIC_FILES].sort();
      const build = createHash('sha256').update(files.join('\n')).digest('hex').slice(0, 12);
      sw.code = sw.code.replace('__MATCHBOX_FILES__', files.join('|')).replace('__MATCHBOX_BUILD__', build);
    },
  };
}

/**
 * Pages that need the server (a server table, an invitation, accounts, a server table's replay):
 * the precache leaves them and what only they load, so that the first visit stays light; they are
 * cached when they are first opened.
 */
const ONLINE_PAGES =
  /\/src\/(pages\/(TablePage|JoinPage|LoginPage|ProfilePage|LeaderboardPage)|replay\/ReplayPage)\.tsx$/;

/**
 * What offline play needs: every chunk the entry reaches by static and dynamic imports except
 * through the online pages, the CSS those chunks import, and the other emitted files (the games'
 * worker, the icons).
 */
export function offlineFiles(bundle: Rollup.OutputBundle): string[] {
  const keep = new Set<string>();
  const visit = (fileName: string) => {
    const chunk = bundle[fileName];
    if (!chunk || chunk.type !== 'chunk' || keep.has(fileName)) return;
    if (!chunk.isEntry && chunk.facadeModuleId && ONLINE_PAGES.test(chunk.facadeModuleId)) return;
    keep.add(fileName);
    for (const css of chunk.viteMetadata?.importedCss ?? []) keep.add(css);
    for (const next of [...chunk.imports, ...chunk.dynamicImports]) visit(next);
  };
  for (const [fileName, item] of Object.entries(bundle))
    if (item.type === 'chunk' && item.isEntry && fileName !== 'sw.js') visit(fileName);
  for (const [fileName, item] of Object.entries(bundle))
    if (item.type === 'asset' && !fileName.endsWith('.css') && fileName !== 'index.html') keep.add(fileName);
  return [...keep].map((f) => `/${f}`);
}

// --- The icon as a PNG: a matchbox with a match, in the app's colours ----------------------------

type Rgb = readonly [number, number, number];
interface Shape {
  readonly inside: (x: number, y: number) => boolean;
  readonly colour: Rgb;
}

/** A rounded rectangle in the 512-unit space of icon.svg. */
const rect = (x: number, y: number, w: number, h: number, r: number, colour: Rgb): Shape => ({
  colour,
  inside: (px, py) => {
    if (px < x || py < y || px > x + w || py > y + h) return false;
    const cx = Math.min(Math.max(px, x + r), x + w - r);
    const cy = Math.min(Math.max(py, y + r), y + h - r);
    return (px - cx) ** 2 + (py - cy) ** 2 <= r * r;
  },
});
const circle = (cx: number, cy: number, r: number, colour: Rgb): Shape => ({
  colour,
  inside: (px, py) => (px - cx) ** 2 + (py - cy) ** 2 <= r * r,
});

// The same shapes as public/icon.svg, back to front.
const SHAPES: readonly Shape[] = [
  rect(0, 0, 512, 512, 96, [0xb8, 0x40, 0x0d]),
  rect(96, 176, 320, 200, 28, [0xf7, 0xf3, 0xec]),
  rect(96, 176, 320, 56, 20, [0xf0, 0xd9, 0xc4]),
  rect(236, 88, 40, 172, 20, [0xf5, 0xd0, 0xa9]),
  circle(256, 96, 34, [0x1f, 0x1b, 0x16]),
];

/** The icon at `size` pixels, 2 x 2 samples per pixel, as a PNG (RGBA, transparent corners). */
export function drawIcon(size: number): Uint8Array {
  const row = size * 4 + 1;
  const raw = new Uint8Array(row * size);
  const scale = 512 / size;
  for (let y = 0; y < size; y++) {
    raw[y * row] = 0; // filter: none
    for (let x = 0; x < size; x++) {
      let r = 0,
        g = 0,
        b = 0,
        a = 0;
      for (const [dx, dy] of [
        [0.25, 0.25],
        [0.75, 0.25],
        [0.25, 0.75],
        [0.75, 0.75],
      ] as const) {
        const px = (x + dx) * scale;
        const py = (y + dy) * scale;
        let colour: Rgb | null = null;
        for (const s of SHAPES) if (s.inside(px, py)) colour = s.colour;
        if (colour) {
          r += colour[0];
          g += colour[1];
          b += colour[2];
          a += 1;
        }
      }
      const o = y * row + 1 + x * 4;
      raw[o] = a ? Math.round(r / a) : 0;
      raw[o + 1] = a ? Math.round(g / a) : 0;
      raw[o + 2] = a ? Math.round(b / a) : 0;
      raw[o + 3] = Math.round((a / 4) * 255);
    }
  }
  const header = new Uint8Array(13);
  const view = new DataView(header.buffer);
  view.setUint32(0, size);
  view.setUint32(4, size);
  header.set([8, 6, 0, 0, 0], 8); // 8 bits, RGBA, deflate, no filter choice, no interlace
  return concat([
    Uint8Array.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(raw, { level: 9 })),
    chunk('IEND', new Uint8Array(0)),
  ]);
}

function chunk(type: string, data: Uint8Array): Uint8Array {
  const out = new Uint8Array(12 + data.length);
  const view = new DataView(out.buffer);
  view.setUint32(0, data.length);
  for (let i = 0; i < 4; i++) out[4 + i] = type.charCodeAt(i);
  out.set(data, 8);
  view.setUint32(8 + data.length, crc32(out.subarray(4, 8 + data.length)));
  return out;
}

const CRC_TABLE = Uint32Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});

function crc32(bytes: Uint8Array): number {
  let c = 0xffffffff;
  for (const byte of bytes) c = CRC_TABLE[(c ^ byte) & 0xff]! ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}

function concat(parts: readonly Uint8Array[]): Uint8Array {
  const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  let at = 0;
  for (const p of parts) {
    out.set(p, at);
    at += p.length;
  }
  return out;
}
