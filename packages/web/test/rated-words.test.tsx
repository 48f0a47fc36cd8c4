// The table says whether its game is rated and why not, in words (English and German), and a bot
// seat shows its level's rating on the players' scale.
import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { BotRatings, PublicSeat } from '@matchbox/client';
import { UNRATED_REASONS } from '@matchbox/client/vocabulary';
import i18next from 'i18next';
import { levelRating } from '../src/account/botRatings.ts';
import { RatedNote } from '../src/table/RatedNote.tsx';
import { Seats } from '../src/table/Seats.tsx';
import commonDe from '../src/i18n/locales/de/common.json';
import commonEn from '../src/i18n/locales/en/common.json';

describe('rated or not, at the table', () => {
  it('says "Rated", or "Unrated:" with the reason, and nothing before the start', () => {
    const { rerender } = render(<RatedNote rated={{ rated: true, reason: null }} />);
    expect(screen.getByTestId('rated').textContent).toBe('Rated');
    rerender(<RatedNote rated={{ rated: false, reason: 'shared_address' }} />);
    expect(screen.getByTestId('rated').textContent).toBe('Unrated: two players share a connection');
    rerender(<RatedNote rated={null} />);
    expect(screen.queryByTestId('rated')).toBeNull();
  });

  it('has words for every reason in English and German', () => {
    for (const reason of UNRATED_REASONS) {
      expect(commonEn.table.rating.reasons[reason], reason).toBeTruthy();
      expect(commonDe.table.rating.reasons[reason], reason).toBeTruthy();
    }
    expect(
      i18next.getFixedT('de')('table.rating.unrated', { reason: commonDe.table.rating.reasons.guest }),
    ).toBe('Nicht gewertet: jemand spielt ohne Anmeldung');
  });

  it("shows a bot seat's rating in its game, and a level's range across games", () => {
    const ratings: BotRatings = { games: { matchmaster: { medium: 1512 }, match: { medium: 1490 } } };
    const seats: PublicSeat[] = [
      { seat: 0, kind: 'human', name: 'Ada', level: null, left: false, connected: true },
      { seat: 1, kind: 'bot', name: 'Fox', level: 'medium', left: false, connected: true },
    ];
    render(
      <Seats
        seats={seats}
        names={['Ada', 'Fox']}
        toAct={[]}
        mySeat={0}
        game="matchmaster"
        botRatings={ratings}
      />,
    );
    expect(screen.getByText('bot, medium · 1512')).toBeTruthy();
    expect(levelRating(ratings, 'medium')).toBe('1490–1512');
    expect(levelRating(ratings, 'expert')).toBeNull();
    expect(levelRating(null, 'medium', 'matchmaster')).toBeNull();
  });
});
