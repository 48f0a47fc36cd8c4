/**
 * The entry module of a bot worker thread: it answers `BotRequest` messages with `BotAnswer`s
 * and `HintRequest`s (`kind: 'hint'`) with `HintAnswer`s (see remote.ts), one at a time, in the
 * order they arrive. Start it with `BotWorker`
 * (worker-host.ts), or post requests to it yourself.
 */
import { parentPort } from 'node:worker_threads';
import type { BotRequest, HintRequest } from './remote.ts';
import { answerBotRequest, answerHintRequest } from './remote.ts';

const port = parentPort;
if (!port) throw new Error('worker.ts is the entry of a worker thread, not a module to import');
port.on('message', (request: BotRequest | HintRequest) => {
  if ('kind' in request && request.kind === 'hint') port.postMessage(answerHintRequest(request));
  else void answerBotRequest(request).then((answer) => port.postMessage(answer));
});
