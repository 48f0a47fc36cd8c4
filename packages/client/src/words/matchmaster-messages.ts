/**
 * The words of matchmaster's sentences (the log, hints, replays, the terminal) in English and German. The
 * web merges them into the game's i18n namespace; the terminal reads them through `translator`.
 */
export const MESSAGES = {
  en: {
    log: {
      handDealt_one: 'Hand {{hand}} dealt: {{count}} card each. Dealer: {{dealer}}; first lead: {{leader}}.',
      handDealt_other:
        'Hand {{hand}} dealt: {{count}} cards each. Dealer: {{dealer}}; first lead: {{leader}}.',
      yourCards: 'Your cards: {{cards}}.',
      youHaveBid: 'You have bid.',
      youBid_one: 'You bid {{count}} trick.',
      youBid_other: 'You bid {{count}} tricks.',
      hasBid: '{{name}} has bid.',
      bid_one: '{{name}} bids {{count}} trick.',
      bid_other: '{{name}} bids {{count}} tricks.',
      bidsRevealed: 'Bids revealed: {{bids}}. First lead: {{leader}}.',
      seatValue: '{{name}} {{value}}',
      youPlay: 'You play {{card}}.',
      plays: '{{name}} plays {{card}}.',
      youWinTrick: 'You win trick {{trick}}.',
      winsTrick: '{{name}} wins trick {{trick}}.',
      handScored: 'Hand {{hand}} scored: {{points}}. Totals: {{totals}}.',
      gameOver_one: 'Game over. Winner: {{winners}} ({{totals}}).',
      gameOver_other: 'Game over. Winners: {{winners}} ({{totals}}).',
    },
    cardName: '{{suit}} {{rank}}',
    listAnd: '{{head}} and {{last}}',
    nobody: 'nobody',
    seatN: 'Seat {{n}}',
    seatNamed: '{{name}} {{n}}',
    you: 'you',
    suit: {
      do: 'dark orange',
      lo: 'light orange',
      db: 'dark blue',
      lb: 'light blue',
    },
  },
  de: {
    log: {
      handDealt_one:
        'Runde {{hand}} ausgeteilt: je {{count}} Karte. Kartengeber: {{dealer}}; Ausspiel: {{leader}}.',
      handDealt_other:
        'Runde {{hand}} ausgeteilt: je {{count}} Karten. Kartengeber: {{dealer}}; Ausspiel: {{leader}}.',
      yourCards: 'Deine Karten: {{cards}}.',
      youHaveBid: 'Du hast angesagt.',
      youBid_one: 'Du sagst {{count}} Stich vorher.',
      youBid_other: 'Du sagst {{count}} Stiche vorher.',
      hasBid: '{{name}} hat angesagt.',
      bid_one: '{{name}} sagt {{count}} Stich vorher.',
      bid_other: '{{name}} sagt {{count}} Stiche vorher.',
      bidsRevealed: 'Ansagen aufgedeckt: {{bids}}. Ausspiel: {{leader}}.',
      seatValue: '{{name}} {{value}}',
      youPlay: 'Du spielst {{card}}.',
      plays: '{{name}} spielt {{card}}.',
      youWinTrick: 'Du machst Stich {{trick}}.',
      winsTrick: '{{name}} macht Stich {{trick}}.',
      handScored: 'Runde {{hand}} gewertet: {{points}}. Summen: {{totals}}.',
      gameOver_one: 'Spielende. Gewonnen hat {{winners}} ({{totals}}).',
      gameOver_other: 'Spielende. Gewonnen haben {{winners}} ({{totals}}).',
    },
    cardName: '{{suit}} {{rank}}',
    listAnd: '{{head}} und {{last}}',
    nobody: 'niemand',
    seatN: 'Platz {{n}}',
    seatNamed: '{{name}} {{n}}',
    you: 'du',
    suit: {
      do: 'Dunkelorange',
      lo: 'Hellorange',
      db: 'Dunkelblau',
      lb: 'Hellblau',
    },
  },
} as const;
