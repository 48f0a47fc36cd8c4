import { harnessSuite } from './suite.ts';

harnessSuite('match');
