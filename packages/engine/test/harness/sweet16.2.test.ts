/** Part 2 of the Sweet16 harness playouts (see suite.ts). */
import { harnessSuite } from './suite.ts';

harnessSuite('sweet16', 2);
