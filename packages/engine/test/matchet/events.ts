/** Reading MATCHET's events in tests: every MATCHET event is public, so its body is `all`. */
import type { GameEvent, MatchetEvent } from '../../src/index.ts';

export type Ev = GameEvent<MatchetEvent>;
export type Body<T extends MatchetEvent['type']> = Extract<MatchetEvent, { type: T }>;

/** The bodies of the events, in order. */
export const bodies = (events: readonly Ev[]): MatchetEvent[] =>
  events.map((e) => {
    if (!e.all) throw new Error(`a MATCHET event without a public body: ${JSON.stringify(e)}`);
    return e.all;
  });

export const ofType = <T extends MatchetEvent['type']>(events: readonly Ev[], type: T): Body<T>[] =>
  bodies(events).filter((b): b is Body<T> => b.type === type);

/** The placement among the events (there is exactly one per action). */
export function placedBy(events: readonly Ev[]): Body<'place'> {
  const p = ofType(events, 'place');
  if (p.length !== 1) throw new Error(`expected one placement, got ${p.length}`);
  return p[0]!;
}
