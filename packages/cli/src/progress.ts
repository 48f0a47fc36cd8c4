/** A progress bar on stderr, drawn only when stderr is a terminal. */
export class ProgressBar {
  private last = 0;
  private readonly enabled: boolean;

  constructor(
    private readonly total: number,
    private readonly label: string,
    enabled = process.stderr.isTTY === true,
  ) {
    this.enabled = enabled;
  }

  update(done: number): void {
    if (!this.enabled) return;
    const now = Date.now();
    if (done < this.total && now - this.last < 100) return;
    this.last = now;
    const width = 30;
    const filled = Math.round((done / this.total) * width);
    const pct = ((done / this.total) * 100).toFixed(0).padStart(3);
    process.stderr.write(
      `\r${this.label} [${'#'.repeat(filled)}${'.'.repeat(width - filled)}] ${pct}% ${done}/${this.total}`,
    );
  }

  finish(): void {
    if (this.enabled) process.stderr.write('\n');
  }
}
