import { harnessSuite } from './suite.ts';

harnessSuite('sweet16');
