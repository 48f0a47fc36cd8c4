/** Part 1 of the Sweet16 harness playouts (see suite.ts). */
import { harnessSuite } from './suite.ts';

harnessSuite('sweet16', 1);
