/** Part 1 of the MATCH! harness playouts (see suite.ts). */
import { harnessSuite } from './suite.ts';

harnessSuite('match', 1);
