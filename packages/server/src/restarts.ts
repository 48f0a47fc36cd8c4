/**
 * When the supervisor of `NODES=N` (main.ts) gives up restarting its server processes.
 *
 * A process that dies before it ever listened, or soon after, failed at its start (no database,
 * a bad setting, a port taken): restarting it again and again helps nobody, so after a few such
 * deaths in a row the supervisor stops with an error. Deaths are counted in a row, not within a
 * window of time: on a loaded machine one start can take longer than any window, and a failing
 * start must still be caught. A process that has served for a while counts the run as healthy
 * again, so rare deaths over a long life never add up.
 */

/** A process that died this soon after its start failed at its start. */
export const QUICK_DEATH_MS = 10_000;
/** This many failed starts in a row stop the supervisor. */
export const FAILED_STARTS = 5;

export class RestartRule {
  private failedInARow = 0;

  /**
   * A process died: whether to start another. `listened` says whether it ever listened,
   * `livedMs` how long it ran.
   */
  died(listened: boolean, livedMs: number): 'restart' | 'stop' {
    if (!listened || livedMs < QUICK_DEATH_MS) this.failedInARow += 1;
    else this.failedInARow = 0;
    return this.failedInARow >= FAILED_STARTS ? 'stop' : 'restart';
  }

  /** A process has listened for QUICK_DEATH_MS: the starts are healthy again. */
  served(): void {
    this.failedInARow = 0;
  }
}
