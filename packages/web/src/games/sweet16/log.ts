// A placeholder until the sweet16 log lands: the event's type.
import type { Sweet16Event } from '@matchbox/engine';
import type { DescribeEvent } from '../types.ts';

export const describeEvent: DescribeEvent<Sweet16Event> = (event) => event.type;
