import { harnessSuite } from './suite.ts';

harnessSuite('matchmaster');
