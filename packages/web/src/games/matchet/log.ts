// A placeholder until the matchet log lands: the event's type.
import type { MatchetEvent } from '@matchbox/engine';
import type { DescribeEvent } from '../types.ts';

export const describeEvent: DescribeEvent<MatchetEvent> = (event) => event.type;
