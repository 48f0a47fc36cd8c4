import { harnessSuite } from './suite';

harnessSuite('matchmaster');
