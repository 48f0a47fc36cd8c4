/**
 * The benchmarks' allocation sampler (heap-watch.ts, `AllocationSampler`): each cut writes the
 * sampling heap profile since the previous one, counting objects already freed, so a function
 * whose garbage is all collected still shows with what it allocated.
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { AllocationSampler } from '../src/heap-watch.ts';

interface ProfileNode {
  callFrame: { functionName: string };
  selfSize: number;
  children: ProfileNode[];
}

const dir = mkdtempSync(join(tmpdir(), 'matchbox-heap-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** Makes at least `bytes` of garbage (objects of 16 bytes or more), none of it kept. */
function makesGarbage(bytes: number): number {
  let batch: { i: number }[] = [];
  let made = 0;
  for (let i = 0; i < bytes / 16; i++) {
    batch.push({ i });
    if (batch.length === 1000) {
      made += batch.length;
      batch = [];
    }
  }
  return made;
}

/** The bytes a profile puts in functions of this name. */
function bytesIn(node: ProfileNode, name: string): number {
  const own = node.callFrame.functionName === name ? node.selfSize : 0;
  return own + node.children.reduce((sum, c) => sum + bytesIn(c, name), 0);
}

describe('the allocation sampler', () => {
  it('writes what was allocated between two cuts, freed objects included', async () => {
    const sampler = new AllocationSampler(dir, 1024);
    expect(await sampler.cut()).toBeNull();
    expect(makesGarbage(16 * 1024 * 1024)).toBeGreaterThan(0);
    const file = await sampler.cut();
    expect(file).not.toBeNull();
    const profile = JSON.parse(readFileSync(file!, 'utf8')) as { head: ProfileNode };
    // Sampled: about the 16 MB made, far more than what lives at the end (nothing of it).
    expect(bytesIn(profile.head, 'makesGarbage')).toBeGreaterThan(4 * 1024 * 1024);
    const next = await sampler.cut();
    expect(next).not.toBe(file);
    const quiet = JSON.parse(readFileSync(next!, 'utf8')) as { head: ProfileNode };
    expect(bytesIn(quiet.head, 'makesGarbage')).toBe(0);
  });
});
