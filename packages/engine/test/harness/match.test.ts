import { harnessSuite } from './suite';

harnessSuite('match');
