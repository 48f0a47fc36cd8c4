/**
 * The terminal is product: it neither depends on the lab (experiments on the bots) nor loads it;
 * the arena is the lab's own command (`npm run arena`).
 */
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

const ROOT = new URL('..', import.meta.url).pathname;

function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
    e.isDirectory() ? sources(join(dir, e.name)) : e.name.endsWith('.ts') ? [join(dir, e.name)] : [],
  );
}

describe('the matchbox command and the lab', () => {
  it('package.json names no lab, and no source file imports it', () => {
    const pkg = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as Record<string, unknown>;
    for (const field of ['dependencies', 'optionalDependencies', 'peerDependencies', 'devDependencies'])
      expect(Object.keys((pkg[field] as object | undefined) ?? {})).not.toContain('@matchbox/lab');
    const importers = sources(join(ROOT, 'src')).filter((f) =>
      readFileSync(f, 'utf8').includes('@matchbox/lab'),
    );
    expect(importers).toEqual([]);
  });
});
