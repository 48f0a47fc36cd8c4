// The bot worker's entry when running from TypeScript source (development, tests): it registers
// tsx's loader in the worker thread (a worker does not inherit the parent's loader hooks), then
// runs worker.ts. Built packages start worker.js directly; see botWorkerEntry in worker-host.ts.
import { register } from 'tsx/esm/api';

register();
await import('./worker.ts');
