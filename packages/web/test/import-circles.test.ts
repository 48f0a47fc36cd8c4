// The web app's modules import in one direction: the contract and the games' ids are a leaf
// (games/types.ts), a game's folder never imports the registry or a page that does, and pages
// import games rather than the other way. An import circle (type imports and lazy imports
// count too) fails here with its modules named.
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

const SRC = resolve(import.meta.dirname, '../src');

function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
    e.isDirectory()
      ? sources(join(dir, e.name))
      : /\.tsx?$/.test(e.name) && !e.name.endsWith('.d.ts')
        ? [join(dir, e.name)]
        : [],
  );
}

/** The app's own modules a file imports (static, type-only, re-exports and lazy `import()`). */
function importsOf(file: string, known: ReadonlySet<string>): string[] {
  const text = readFileSync(file, 'utf8');
  const specs = [
    ...text.matchAll(/\b(?:import|export)\s[^'"`;]*?\bfrom\s*['"]([^'"]+)['"]/g),
    ...text.matchAll(/\bimport\s*\(\s*['"]([^'"]+)['"]\s*\)/g),
    ...text.matchAll(/^\s*import\s*['"]([^'"]+)['"]/gm),
  ].map((m) => m[1]!);
  return specs
    .filter((s) => s.startsWith('.'))
    .map((s) => resolve(dirname(file), s))
    .filter((f) => known.has(f));
}

/** The strongly connected groups of more than one module (Tarjan), and modules importing themselves. */
function circles(graph: ReadonlyMap<string, readonly string[]>): string[][] {
  let counter = 0;
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const out: string[][] = [];
  const visit = (v: string): void => {
    index.set(v, counter);
    low.set(v, counter++);
    stack.push(v);
    onStack.add(v);
    for (const w of graph.get(v) ?? []) {
      if (!index.has(w)) {
        visit(w);
        low.set(v, Math.min(low.get(v)!, low.get(w)!));
      } else if (onStack.has(w)) low.set(v, Math.min(low.get(v)!, index.get(w)!));
    }
    if (low.get(v) === index.get(v)) {
      const group: string[] = [];
      let w: string;
      do {
        w = stack.pop()!;
        onStack.delete(w);
        group.push(w);
      } while (w !== v);
      if (group.length > 1 || (graph.get(v) ?? []).includes(v)) out.push(group.sort());
    }
  };
  for (const v of graph.keys()) if (!index.has(v)) visit(v);
  return out;
}

describe('the web app’s imports', () => {
  it('form no circle', () => {
    const files = sources(SRC);
    const known = new Set(files);
    const graph = new Map(files.map((f) => [f, importsOf(f, known)]));
    const found = circles(graph).map((group) => group.map((f) => relative(SRC, f)));
    expect(found).toEqual([]);
  });

  it('finds a circle when there is one', () => {
    const graph = new Map([
      ['types', ['index']],
      ['index', ['game']],
      ['game', ['types']],
      ['leaf', []],
    ]);
    expect(circles(graph)).toEqual([['game', 'index', 'types']]);
  });

  it('keeps the contract a leaf: games/types.ts imports nothing of the app', () => {
    const files = sources(SRC);
    const contract = join(SRC, 'games/types.ts');
    expect(importsOf(contract, new Set(files))).toEqual([]);
  });
});
