/**
 * One benchmark case in its own worker thread: a fresh V8 isolate, so that each game's figures do
 * not depend on which other games ran before it in the same process (shared call sites turn
 * polymorphic and slow everything measured after them). It runs as built JavaScript
 * (dist/commands/bench-worker.js), started by bench.ts.
 */
import { parentPort, workerData } from 'node:worker_threads';
import { benchBots } from '@matchbox/bots/bench';
import type { BenchCase } from '../bench-cases.ts';
import { benchCase } from './bench-case.ts';

const job = workerData as
  { kind: 'case'; case: BenchCase; seconds: number } | { kind: 'bots'; seconds: number; only?: string };
parentPort?.postMessage(
  job.kind === 'case' ? benchCase(job.case, job.seconds) : benchBots(job.seconds, job.only),
);
