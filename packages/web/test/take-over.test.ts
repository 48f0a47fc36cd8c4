// The table's notice of a bot's seat taken over by a person (pairing): only a bot turning into a
// person is told, with the person's name and face and the bot's name.
import type { PublicSeat } from '@matchbox/client';
import { describe, expect, it } from 'vitest';
import { takenOver } from '../src/table/TakeOverNotice.tsx';

const seat = (n: number, kind: PublicSeat['kind'], name: string): PublicSeat => ({
  seat: n,
  kind,
  name,
  avatar: kind === 'bot' ? 'owl' : 'fox',
  level: kind === 'bot' ? 'medium' : null,
  left: false,
  connected: true,
});

describe('takenOver', () => {
  it('names the person and the bot whose seat they took', () => {
    const before = [seat(0, 'human', 'Anna'), seat(1, 'bot', 'Owl')];
    const after = [seat(0, 'human', 'Anna'), seat(1, 'human', 'Cleo')];
    expect(takenOver(before, after)).toEqual({ seat: 1, name: 'Cleo', avatar: 'fox', was: 'Owl' });
  });

  it('tells nothing when a person gives a seat to a bot, or nothing changed', () => {
    const people = [seat(0, 'human', 'Anna'), seat(1, 'human', 'Ben')];
    const bots = [seat(0, 'human', 'Anna'), seat(1, 'bot', 'Owl')];
    expect(takenOver(people, bots)).toBeNull();
    expect(takenOver(bots, bots)).toBeNull();
  });
});
