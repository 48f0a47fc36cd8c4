/**
 * A setup file that `npm run test:slowest` adds to every project (MATCHBOX_FILE_COSTS set): it
 * records the CPU a test file cost its worker process (all its threads: the file's imports, its
 * servers and bot threads, its tests), which file-cost-reporter.ts reads from the file's meta.
 * A fresh worker (isolated projects) counts from its start; a worker that runs file after file
 * (the engine's) counts from where the last file ended. Child processes (an analysis process) are
 * not counted.
 */
import { afterAll } from 'vitest';

declare module 'vitest' {
  interface TaskMeta {
    /** The CPU the file cost its worker, user and system, in ms (file-cpu.ts). */
    cpuMs?: number;
  }
}

const mark = Symbol.for('matchbox.file-cpu');
const store = globalThis as { [mark]?: NodeJS.CpuUsage };
const since = store[mark];

// vitest reads a hook's first parameter as fixtures, which must be a destructuring pattern.
afterAll(({}, suite) => {
  const used = process.cpuUsage(since);
  store[mark] = process.cpuUsage();
  suite.meta.cpuMs = (used.user + used.system) / 1000;
});
