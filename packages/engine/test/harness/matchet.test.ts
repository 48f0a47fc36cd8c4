import { harnessSuite } from './suite.ts';

harnessSuite('matchet');
