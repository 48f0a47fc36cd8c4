// Worker entry in plain JavaScript: it registers tsx, then runs the TypeScript benchmark worker.
import { register } from 'tsx/esm/api';

register();
await import('./bench-worker.ts');
