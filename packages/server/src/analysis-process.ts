/**
 * The analysis process's entry (forked by `ProcessAnalysisRunner`, analyses.ts): it answers the
 * bots package's `AnalyseRequest`s sent over IPC with `AnalyseAnswer`s, one at a time.
 *
 * Every thread of this process runs at the lowest priority (`nice` 19): its main thread, where the
 * search runs, and V8's and libuv's helper threads (garbage collection, compilation), which a
 * worker thread would share with the server's main thread. The parent lowers this process's main
 * thread as soon as it is started; here every thread that already exists is lowered too, and
 * threads made later inherit it.
 */
import { readdirSync } from 'node:fs';
import { setPriority } from 'node:os';
import type { AnalyseRequest } from '@matchbox/bots/analysis';
import { answerAnalyseRequest } from '@matchbox/bots/analysis';

const NICE = Number(process.env.MATCHBOX_ANALYSIS_NICE ?? '19');

function lowerEveryThread(): void {
  let tasks: string[] = [];
  try {
    tasks = readdirSync('/proc/self/task');
  } catch {
    // Not Linux: the process's priority is all there is.
  }
  for (const id of [String(process.pid), ...tasks])
    try {
      setPriority(Number(id), NICE);
    } catch {
      // Not permitted here: the analysis still runs, only without giving way.
    }
}

lowerEveryThread();
if (!process.send) throw new Error('analysis-process.ts is forked by the server, not run by hand');
// The server gone (its channel closed before an answer could be sent): nothing to answer to.
const sent = (error: Error | null) => {
  if (error) process.exit(0);
};
process.on('message', (request: AnalyseRequest) => {
  process.send!(answerAnalyseRequest(request), undefined, undefined, sent);
});
process.on('disconnect', () => process.exit(0));
process.send({ ready: true }, undefined, undefined, sent);
