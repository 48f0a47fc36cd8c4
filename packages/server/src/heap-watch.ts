/**
 * What a process allocates and how long its collector stops it, for the benchmarks (the server's
 * `GET /api/test/heap` with `MATCHBOX_TEST_ROUTES=1`, and the transport's floor in-process).
 *
 * - Bytes allocated: V8's `GCProfiler` records the heap's used bytes before and after every
 *   collection; what was allocated between two readings is the growth of the used heap between
 *   collections (each collection's "before" less the previous one's "after"), plus the growth
 *   since the last one. Memory outside V8's heap (sockets' buffers) is not counted.
 * - Pauses: every `gc` entry of a `PerformanceObserver` (its duration is the time the main thread
 *   stood still for that collection): their number, total and the longest.
 *
 * Nothing is watched until `start`; `read` reports since the last `start` and starts again.
 */
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { Session } from 'node:inspector/promises';
import { join } from 'node:path';
import { PerformanceObserver } from 'node:perf_hooks';
import { GCProfiler, getHeapStatistics } from 'node:v8';

export interface HeapReading {
  /** Milliseconds since the watch (re)started. */
  readonly ms: number;
  readonly allocatedBytes: number;
  readonly gcCount: number;
  readonly gcTotalMs: number;
  readonly gcMaxMs: number;
  readonly heapUsedBytes: number;
  readonly rssBytes: number;
  /** Where the RSS is (`rssBreakdown`), read with the rest. */
  readonly memory: RssBreakdown;
  /** With `MATCHBOX_HEAP_PROFILE`: the sampling heap profile since the previous reading (its file). */
  readonly heapProfile?: string | null;
}

/**
 * A process's memory by kind, in bytes: V8's heap as reserved (`heapTotal`) and as used, memory
 * V8 knows of outside it (`external`, of which `arrayBuffers`: Buffers, sockets' reads), and the
 * kernel's split of the RSS (`/proc/self/status`): anonymous pages (every heap, malloc's arenas,
 * thread stacks) and file pages (the mapped code of node and its addons).
 */
export interface RssBreakdown {
  readonly heapTotal: number;
  readonly heapUsed: number;
  readonly external: number;
  readonly arrayBuffers: number;
  readonly rssAnon: number;
  readonly rssFile: number;
}

export function rssBreakdown(): RssBreakdown {
  const m = process.memoryUsage();
  let status = '';
  try {
    status = readFileSync('/proc/self/status', 'utf8');
  } catch {
    // not Linux: the kernel's split is left at 0
  }
  const kb = (name: string) => Number(new RegExp(`${name}:\\s+(\\d+) kB`).exec(status)?.[1] ?? 0) * 1024;
  return {
    heapTotal: m.heapTotal,
    heapUsed: m.heapUsed,
    external: m.external,
    arrayBuffers: m.arrayBuffers,
    rssAnon: kb('RssAnon'),
    rssFile: kb('RssFile'),
  };
}

interface ProfiledGc {
  readonly beforeGC: { readonly heapStatistics: { readonly usedHeapSize: number } };
  readonly afterGC: { readonly heapStatistics: { readonly usedHeapSize: number } };
}

export class HeapWatch {
  private profiler: GCProfiler | null = null;
  private observer: PerformanceObserver | null = null;
  private startedAt = 0;
  private usedAtStart = 0;
  private pauses = { count: 0, total: 0, max: 0 };

  start(): void {
    this.stop();
    this.pauses = { count: 0, total: 0, max: 0 };
    this.observer = new PerformanceObserver((list) => {
      for (const e of list.getEntries()) {
        this.pauses.count++;
        this.pauses.total += e.duration;
        this.pauses.max = Math.max(this.pauses.max, e.duration);
      }
    });
    this.observer.observe({ entryTypes: ['gc'] });
    this.startedAt = performance.now();
    this.usedAtStart = getHeapStatistics().used_heap_size;
    this.profiler = new GCProfiler();
    this.profiler.start();
  }

  /** What happened since `start` (zeros when it was not started); the watch starts again. */
  read(): HeapReading {
    const profile = this.profiler?.stop() as { statistics: ProfiledGc[] } | undefined;
    const usedNow = getHeapStatistics().used_heap_size;
    let allocated = 0;
    let after = this.usedAtStart;
    for (const gc of profile?.statistics ?? []) {
      allocated += Math.max(0, gc.beforeGC.heapStatistics.usedHeapSize - after);
      after = gc.afterGC.heapStatistics.usedHeapSize;
    }
    if (profile) allocated += Math.max(0, usedNow - after);
    this.observer?.takeRecords().forEach((e) => {
      this.pauses.count++;
      this.pauses.total += e.duration;
      this.pauses.max = Math.max(this.pauses.max, e.duration);
    });
    const reading: HeapReading = {
      ms: profile ? performance.now() - this.startedAt : 0,
      allocatedBytes: allocated,
      gcCount: this.pauses.count,
      gcTotalMs: this.pauses.total,
      gcMaxMs: this.pauses.max,
      heapUsedBytes: usedNow,
      rssBytes: process.memoryUsage.rss(),
      memory: rssBreakdown(),
    };
    if (profile) this.start();
    return reading;
  }

  stop(): void {
    this.profiler?.stop();
    this.profiler = null;
    this.observer?.disconnect();
    this.observer = null;
  }
}

/**
 * Where a process allocates, for the benchmarks (`MATCHBOX_HEAP_PROFILE=DIR` with the test routes,
 * `bench:server -- --heap-profile DIR`): the inspector's sampling heap profiler, counting the
 * objects the collector has since freed too (the bytes allocated, not what lives). Each `cut`
 * writes the profile since the previous one to DIR (a `.heapprofile` that Chrome's DevTools open)
 * and starts the next.
 */
export class AllocationSampler {
  private session: Session | null = null;
  private cuts = 0;

  constructor(
    private readonly dir: string,
    /** Bytes between samples, on average. */
    private readonly interval = 16 * 1024,
  ) {}

  /** Writes the profile since the previous cut (none at the first) and samples on; its file. */
  async cut(): Promise<string | null> {
    let file: string | null = null;
    if (this.session) {
      const { profile } = await this.session.post('HeapProfiler.stopSampling');
      file = join(this.dir, `heap-${process.pid}-${this.cuts}.heapprofile`);
      mkdirSync(this.dir, { recursive: true });
      writeFileSync(file, JSON.stringify(profile));
    } else {
      this.session = new Session();
      this.session.connect();
      await this.session.post('HeapProfiler.enable');
    }
    this.cuts++;
    await this.session.post('HeapProfiler.startSampling', {
      samplingInterval: this.interval,
      includeObjectsCollectedByMajorGC: true,
      includeObjectsCollectedByMinorGC: true,
    });
    return file;
  }
}
