import { harnessSuite } from './suite';

harnessSuite('sweet16');
