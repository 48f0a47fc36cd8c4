// Seat names in words: bots by their animal in the reader's language, people by their name, and
// never two seats with the same name on one screen.
import type { PublicSeat } from '@matchbox/client';
import i18next from 'i18next';
import { describe, expect, it } from 'vitest';
import { seatNames } from '../src/table/seatNames.ts';

const seat = (s: Partial<PublicSeat> & { seat: number }): PublicSeat => ({
  kind: 'bot',
  name: null,
  level: 'medium',
  left: false,
  connected: true,
  ...s,
});

describe('seat names', () => {
  it('names bots by their animal, in English and German', () => {
    const seats = [
      seat({ seat: 0, kind: 'human', name: 'Ada', avatar: 'owl' }),
      seat({ seat: 1, name: 'Fox', avatar: 'fox' }),
      seat({ seat: 2, name: 'Bear', avatar: 'bear' }),
    ];
    expect(seatNames(seats, i18next.getFixedT('en', 'common'))).toEqual(['Ada', 'Fox', 'Bear']);
    expect(seatNames(seats, i18next.getFixedT('de', 'common'))).toEqual(['Ada', 'Fuchs', 'Bär']);
  });

  it('never shows two seats under one name', () => {
    const seats = [
      seat({ seat: 0, kind: 'human', name: 'Fuchs', avatar: 'owl' }),
      seat({ seat: 1, name: 'Fox', avatar: 'fox' }),
      // A table from before faces: bots without an animal.
      seat({ seat: 2, name: 'Bot 3 (easy)', level: 'easy' }),
      seat({ seat: 3, name: 'Bot 4 (easy)', level: 'easy' }),
    ];
    const de = seatNames(seats, i18next.getFixedT('de', 'common'));
    expect(new Set(de.map((n) => n.toLowerCase())).size).toBe(4);
    expect(de).toEqual(['Fuchs', 'Fuchs (2)', 'Bot (leicht)', 'Bot (leicht) (4)']);
  });
});
