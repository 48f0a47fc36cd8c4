/**
 * The entry module of a bot worker thread: it answers `BotRequest` messages with `BotAnswer`s,
 * `HintRequest`s (`kind: 'hint'`) with `HintAnswer`s and `SolveRequest`s (`kind: 'solve'`) with
 * `SolveAnswer`s (see remote.ts), one at a time, in the order they arrive. Start it with
 * `BotWorker` (worker-host.ts), or post requests to it yourself. It loads no analyser: analyses
 * run in their own process (the server's analysis-process.ts).
 */
import { parentPort } from 'node:worker_threads';
import type { BotRequest, HintRequest, SolveRequest } from './remote.ts';
import { answerBotRequest, answerHintRequest, answerSolveRequest } from './remote.ts';

const port = parentPort;
if (!port) throw new Error('worker.ts is the entry of a worker thread, not a module to import');
port.on('message', (request: BotRequest | HintRequest | SolveRequest) => {
  if ('kind' in request && request.kind === 'hint') port.postMessage(answerHintRequest(request));
  else if ('kind' in request && request.kind === 'solve') port.postMessage(answerSolveRequest(request));
  else void answerBotRequest(request).then((answer) => port.postMessage(answer));
});
