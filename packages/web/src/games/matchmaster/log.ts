// A placeholder until the matchmaster log lands: the event's type.
import type { MatchMasterEvent } from '@matchbox/engine';
import type { DescribeEvent } from '../types.ts';

export const describeEvent: DescribeEvent<MatchMasterEvent> = (event) => event.type;
