/**
 * Brotli and gzip copies of every text file of a build (`x.js.br`, `x.js.gz` beside `x.js`), made
 * once at build time at the highest levels, so that the server sends each file compressed by the
 * browser's `Accept-Encoding` without compressing on every request. A copy that would not be
 * smaller than its file is not kept (the server then sends the file itself).
 */
import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

/** The files worth compressing (PNG icons are compressed already). */
const TEXT = /\.(js|mjs|css|html|svg|json|webmanifest|txt|map)$/;

function* filesIn(dir: string): Generator<string> {
  for (const name of readdirSync(dir)) {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) yield* filesIn(path);
    else yield path;
  }
}

export function precompress(dir: string): { files: number; bytes: number; br: number; gz: number } {
  const total = { files: 0, bytes: 0, br: 0, gz: 0 };
  for (const path of filesIn(dir)) {
    if (!TEXT.test(path)) continue;
    const data = readFileSync(path);
    const br = brotliCompressSync(data, {
      params: {
        [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
        [constants.BROTLI_PARAM_SIZE_HINT]: data.length,
      },
    });
    const gz = gzipSync(data, { level: 9 });
    total.files++;
    total.bytes += data.length;
    if (br.length < data.length) {
      writeFileSync(`${path}.br`, br);
      total.br += br.length;
    }
    if (gz.length < data.length) {
      writeFileSync(`${path}.gz`, gz);
      total.gz += gz.length;
    }
  }
  return total;
}
