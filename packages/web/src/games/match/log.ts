// A placeholder until the match log lands: the event's type.
import type { MatchEvent } from '@matchbox/engine';
import type { DescribeEvent } from '../types.ts';

export const describeEvent: DescribeEvent<MatchEvent> = (event) => event.type;
