/**
 * The order in which `npm test` starts its files. Vitest's own order runs one project after
 * another (by name: the browser tests first), each slowest first. The browser tests mostly wait
 * (for Chromium, the server and the network of loopback): two of them side by side use about two
 * thirds of one core, and the cores idle for the two minutes they take. So the browser test files
 * are spread evenly through the others, slowest first in each group, and whatever is running
 * at a time is a mix of files that wait and files that compute.
 */
import type { TestSpecification } from 'vitest/node';
import { BaseSequencer } from 'vitest/node';

/**
 * The projects whose files mostly wait: the browser tests' tiers, and the soak's node files (its
 * clusters, kills and floods wait on server processes; `npm run test:soak` runs them with the
 * engine's playouts, which compute).
 */
const WAITING = new Set(['smoke', 'e2e', 'a11y', 'soak']);

export default class InterleavingSequencer extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const sorted = await super.sort(files);
    const waiting = sorted.filter((f) => WAITING.has(f.project.name));
    const computing = sorted.filter((f) => !WAITING.has(f.project.name));
    if (waiting.length === 0 || computing.length === 0) return sorted;
    const slowestFirst = (list: TestSpecification[]) => [...list].sort((a, b) => this.cost(b) - this.cost(a));
    return interleave(slowestFirst(waiting), slowestFirst(computing));
  }

  /** A file's last duration when vitest remembers it, else its size (a longer file runs longer). */
  private cost(file: TestSpecification): number {
    const key = `${file.project.name}:${file.moduleId.slice(this.ctx.config.root.length + 1)}`;
    const last = this.ctx.cache.getFileTestResults(key)?.duration;
    if (last !== undefined) return last;
    return this.ctx.cache.getFileStats(key)?.size ?? 0;
  }
}

/** `few` spread evenly through `many`: one of `few` first, then the share of `many` after each. */
export function interleave<T>(few: readonly T[], many: readonly T[]): T[] {
  const out: T[] = [];
  let taken = 0;
  few.forEach((f, i) => {
    out.push(f);
    const until = Math.round(((i + 1) * many.length) / few.length);
    while (taken < until) out.push(many[taken++]!);
  });
  return out;
}
