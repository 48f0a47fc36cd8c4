/**
 * The entry module of a bot worker thread: it answers `BotRequest` messages with `BotAnswer`s,
 * `HintRequest`s (`kind: 'hint'`) with `HintAnswer`s and `SolveRequest`s (`kind: 'solve'`) with
 * `SolveAnswer`s (see remote.ts), one at a time, in the order they arrive. Start it with
 * `BotWorker` (worker-host.ts), or post requests to it yourself. It loads no analyser: analyses
 * run in their own process (the server's analysis-process.ts).
 */
import { readlinkSync } from 'node:fs';
import { setPriority } from 'node:os';
import { parentPort } from 'node:worker_threads';
import type { BotRequest, HintRequest, SolveRequest } from './remote.ts';
import { answerBotRequest, answerHintRequest, answerSolveRequest } from './remote.ts';

/** The niceness of a bot thread: above the event loop's 0, so it yields the processor to it. */
export const BOT_THREAD_NICE = 10;

const port = parentPort;
if (!port) throw new Error('worker.ts is the entry of a worker thread, not a module to import');

// Searches take whatever processor they are given; the event loop of the same process answers
// people's moves and must not wait behind them (docs/server.md, "Threat model": a crowd of bot
// tables). On Linux a thread's own niceness is set through its thread id; elsewhere it stays.
try {
  const tid = Number(readlinkSync('/proc/thread-self').split('/').pop());
  if (Number.isInteger(tid) && tid > 0) setPriority(tid, BOT_THREAD_NICE);
} catch {
  // No /proc (not Linux) or not permitted: the thread runs at the process's priority.
}
port.on('message', (request: BotRequest | HintRequest | SolveRequest) => {
  if ('kind' in request && request.kind === 'hint') port.postMessage(answerHintRequest(request));
  else if ('kind' in request && request.kind === 'solve') port.postMessage(answerSolveRequest(request));
  else void answerBotRequest(request).then((answer) => port.postMessage(answer));
});
