import { harnessSuite } from './suite';

harnessSuite('matchet');
