/** Part 2 of the MATCH! harness playouts (see suite.ts). */
import { harnessSuite } from './suite.ts';

harnessSuite('match', 2);
