/**
 * A vitest reporter for `npm run test:slowest`: writes each test file's whole cost in its worker to
 * the JSON file named by MATCHBOX_FILE_COSTS: the environment's setup, the runner's preparation,
 * the import of the file and all it imports (with its suite callbacks), the setup files, and the
 * tests with their hooks (a file's beforeAll that starts a server counts too).
 */
import { writeFileSync } from 'node:fs';
import type { Reporter, TestModule } from 'vitest/node';

export interface FileCost {
  readonly file: string;
  readonly project: string;
  readonly tests: number;
  readonly state: string;
  /** Milliseconds. */
  readonly environment: number;
  readonly prepare: number;
  readonly imports: number;
  readonly setup: number;
  readonly run: number;
  /** The CPU the file cost its worker process (file-cpu.ts), ms; null when not recorded. */
  readonly cpu: number | null;
}

export default class FileCostReporter implements Reporter {
  onTestRunEnd(modules: ReadonlyArray<TestModule>): void {
    const out = process.env.MATCHBOX_FILE_COSTS;
    if (!out) return;
    const rows: FileCost[] = modules.map((m) => {
      const d = m.diagnostic();
      return {
        file: m.moduleId,
        project: m.project.name,
        tests: [...m.children.allTests()].length,
        state: m.state(),
        environment: d.environmentSetupDuration,
        prepare: d.prepareDuration,
        imports: d.collectDuration,
        setup: d.setupDuration,
        run: d.duration,
        cpu: m.meta().cpuMs ?? null,
      };
    });
    writeFileSync(out, JSON.stringify(rows));
  }
}
