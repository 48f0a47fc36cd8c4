/**
 * The words of sweet16's sentences (the log, hints, replays, the terminal) in English and German. The
 * web merges them into the game's i18n namespace; the terminal reads them through `translator`.
 */
export const MESSAGES = {
  en: {
    log: {
      listSep: ', ',
      scoreOf: '{{name}} {{score}}',
      power: {
        heart: 'a heart',
        spade: 'a spade',
      },
      grid_laid: {
        base: 'The cards are laid out face down in a {{cols}} × {{rows}} grid.',
        numbered:
          'Grid {{number}} of {{of}}: the cards are laid out face down in a {{cols}} × {{rows}} grid.',
        duel: 'The cards are laid out face up in a {{cols}} × {{rows}} grid; {{count}} are out of play.',
      },
      turn: {
        you: 'Turn {{turn}}: your turn.',
        other: 'Turn {{turn}}: {{name}} to play.',
      },
      score_clique: {
        you: 'You score your clique ({{cells}}).',
        other: '{{name}} scores their clique ({{cells}}).',
      },
      flip: {
        you: 'You flip {{pos}}: {{card}}.',
        other: '{{name}} flips {{pos}}: {{card}}.',
      },
      joker: {
        you: 'You make the Joker at {{pos}} worth {{value}}.',
        other: '{{name}} makes the Joker at {{pos}} worth {{value}}.',
      },
      lose_face: {
        you: 'Over 16 ({{total}}): you lose face; {{cells}} turn face down again.',
        other: 'Over 16 ({{total}}): {{name}} loses face; {{cells}} turn face down again.',
      },
      lose_face_stuck: {
        you: 'Nothing left to flip at {{total}}: {{cells}} turn face down again.',
        other: 'Nothing left to flip for {{name}} at {{total}}: {{cells}} turn face down again.',
      },
      nothing_to_flip: {
        you: 'Nothing to flip: your turn passes.',
        other: 'Nothing to flip: the turn of {{name}} passes.',
      },
      tryst: {
        you: 'Tryst! You score {{cards}}.',
        other: 'Tryst! {{name}} scores {{cards}}.',
      },
      clique: {
        you: 'You stop at {{total}}: {{cells}} are your clique now.',
        other: '{{name}} stops at {{total}}: {{cells}} are their clique now.',
      },
      put_back: {
        you: 'You put the {{card}} back face down at {{pos}}.',
        other: '{{name}} puts the {{card}} back face down at {{pos}}.',
      },
      activate: {
        you: 'You activate the {{card}} ({{pos}}).',
        other: '{{name}} activates the {{card}} ({{pos}}).',
      },
      no_activation: {
        you: 'You activate no card.',
        other: '{{name}} activates no card.',
      },
      no_steal: {
        you: 'You steal nothing.',
        other: '{{name}} steals nothing.',
      },
      steal: {
        you: 'You steal the {{card}} from {{from}}.',
        other: '{{name}} steals the {{card}} from {{from}}.',
        fromYou: '{{name}} steals your {{card}}.',
      },
      look: {
        youSaw: 'You look at {{pos}} with {{power}}: {{card}}.',
        you: 'You look at {{pos}} with {{power}}.',
        other: '{{name}} looks at {{pos}} with {{power}}.',
      },
      heart_found: {
        you: 'You find a heart at {{pos}}: {{card}}.',
        other: '{{name}} finds a heart at {{pos}}: {{card}}.',
      },
      banked: {
        you_one: '{{count}} card goes to your pile.',
        you_other: '{{count}} cards go to your pile.',
        other_one: '{{count}} card goes to the pile of {{name}}.',
        other_other: '{{count}} cards go to the pile of {{name}}.',
      },
      clique_dissolved: {
        you: 'Your clique turns face down ({{cells}}).',
        other: 'The clique of {{name}} turns face down ({{cells}}).',
      },
      pass: {
        you: 'You have no tryst and pass.',
        other: '{{name}} has no tryst and passes.',
      },
      take: {
        you: 'You take the {{card}} ({{pos}}) as well.',
        other: '{{name}} takes the {{card}} ({{pos}}) as well.',
      },
      bury: {
        you: 'You bury the {{card}} ({{pos}}).',
        other: '{{name}} buries the {{card}} ({{pos}}).',
      },
      grid_over: 'Grid {{grid}} is over. Scores so far: {{scores}}.',
      game_over: {
        you: 'Game over ({{scores}}): you win!',
        other: 'Game over ({{scores}}): {{name}} wins.',
        none: 'Game over ({{scores}}).',
      },
    },
    action: {
      joker: 'The Joker is worth {{value}}',
      pass: 'Pass',
      skip: 'Activate none',
      stopNot: 'Stop',
    },
    choice: {
      flip: 'flip the card at {{pos}}',
      back: 'put the card at {{pos}} back face down',
      activate: 'activate the card at {{pos}}',
      steal: 'take the {{card}} with your club',
      look: 'look at the card at {{pos}}',
      tryst: 'score {{cells}} as a tryst',
      take: 'take the heart at {{pos}} as well',
      bury: 'bury the card at {{pos}}',
    },
    card: {
      joker: 'Joker',
      name: '{{rank}} of {{suit}}',
      rank: {
        A: 'ace',
        J: 'jack',
        Q: 'queen',
        K: 'king',
      },
      suit: {
        C: 'clubs',
        D: 'diamonds',
        H: 'hearts',
        S: 'spades',
      },
    },
    seat: 'Seat {{number}}',
  },
  de: {
    log: {
      listSep: ', ',
      scoreOf: '{{name}} {{score}}',
      power: {
        heart: 'einem Herz',
        spade: 'einem Pik',
      },
      grid_laid: {
        base: 'Die Karten liegen verdeckt in einem Raster von {{cols}} × {{rows}}.',
        numbered:
          'Raster {{number}} von {{of}}: Die Karten liegen verdeckt in einem Raster von {{cols}} × {{rows}}.',
        duel: 'Die Karten liegen offen in einem Raster von {{cols}} × {{rows}}; {{count}} sind aus dem Spiel.',
      },
      turn: {
        you: 'Zug {{turn}}: Du bist dran.',
        other: 'Zug {{turn}}: {{name}} ist dran.',
      },
      score_clique: {
        you: 'Du wertest deine Clique ({{cells}}).',
        other: '{{name}} wertet die eigene Clique ({{cells}}).',
      },
      flip: {
        you: 'Du deckst {{pos}} auf: {{card}}.',
        other: '{{name}} deckt {{pos}} auf: {{card}}.',
      },
      joker: {
        you: 'Du legst den Joker auf {{pos}} auf {{value}} fest.',
        other: '{{name}} legt den Joker auf {{pos}} auf {{value}} fest.',
      },
      lose_face: {
        you: 'Über 16 ({{total}}): Du verlierst das Gesicht; {{cells}} werden wieder umgedreht.',
        other: 'Über 16 ({{total}}): {{name}} verliert das Gesicht; {{cells}} werden wieder umgedreht.',
      },
      lose_face_stuck: {
        you: 'Nichts mehr aufzudecken bei {{total}}: {{cells}} werden wieder umgedreht.',
        other: 'Nichts mehr aufzudecken für {{name}} bei {{total}}: {{cells}} werden wieder umgedreht.',
      },
      nothing_to_flip: {
        you: 'Nichts aufzudecken: Dein Zug verfällt.',
        other: 'Nichts aufzudecken: Der Zug von {{name}} verfällt.',
      },
      tryst: {
        you: 'Tryst! Du wertest {{cards}}.',
        other: 'Tryst! {{name}} wertet {{cards}}.',
      },
      clique: {
        you: 'Du hörst bei {{total}} auf: {{cells}} sind jetzt deine Clique.',
        other: '{{name}} hört bei {{total}} auf: {{cells}} sind jetzt die Clique von {{name}}.',
      },
      put_back: {
        you: 'Du legst {{card}} verdeckt auf {{pos}} zurück.',
        other: '{{name}} legt {{card}} verdeckt auf {{pos}} zurück.',
      },
      activate: {
        you: 'Du aktivierst {{card}} ({{pos}}).',
        other: '{{name}} aktiviert {{card}} ({{pos}}).',
      },
      no_activation: {
        you: 'Du aktivierst keine Karte.',
        other: '{{name}} aktiviert keine Karte.',
      },
      no_steal: {
        you: 'Du stiehlst nichts.',
        other: '{{name}} stiehlt nichts.',
      },
      steal: {
        you: 'Du stiehlst {{card}} von {{from}}.',
        other: '{{name}} stiehlt {{card}} von {{from}}.',
        fromYou: '{{name}} stiehlt dir {{card}}.',
      },
      look: {
        youSaw: 'Du siehst dir {{pos}} mit {{power}} an: {{card}}.',
        you: 'Du siehst dir {{pos}} mit {{power}} an.',
        other: '{{name}} sieht sich {{pos}} mit {{power}} an.',
      },
      heart_found: {
        you: 'Du findest ein Herz auf {{pos}}: {{card}}.',
        other: '{{name}} findet ein Herz auf {{pos}}: {{card}}.',
      },
      banked: {
        you_one: '{{count}} Karte kommt auf deinen Stapel.',
        you_other: '{{count}} Karten kommen auf deinen Stapel.',
        other_one: '{{count}} Karte kommt auf den Stapel von {{name}}.',
        other_other: '{{count}} Karten kommen auf den Stapel von {{name}}.',
      },
      clique_dissolved: {
        you: 'Deine Clique wird umgedreht ({{cells}}).',
        other: 'Die Clique von {{name}} wird umgedreht ({{cells}}).',
      },
      pass: {
        you: 'Du hast keinen Tryst und passt.',
        other: '{{name}} hat keinen Tryst und passt.',
      },
      take: {
        you: 'Du nimmst auch {{card}} ({{pos}}).',
        other: '{{name}} nimmt auch {{card}} ({{pos}}).',
      },
      bury: {
        you: 'Du begräbst {{card}} ({{pos}}).',
        other: '{{name}} begräbt {{card}} ({{pos}}).',
      },
      grid_over: 'Raster {{grid}} ist zu Ende. Punkte bisher: {{scores}}.',
      game_over: {
        you: 'Spielende ({{scores}}): Du gewinnst!',
        other: 'Spielende ({{scores}}): {{name}} gewinnt.',
        none: 'Spielende ({{scores}}).',
      },
    },
    action: {
      joker: 'Der Joker zählt {{value}}',
      pass: 'Passen',
      skip: 'Keine aktivieren',
      stopNot: 'Aufhören',
    },
    choice: {
      flip: 'die Karte auf {{pos}} aufdecken',
      back: 'die Karte auf {{pos}} verdeckt zurücklegen',
      activate: 'die Karte auf {{pos}} aktivieren',
      steal: '{{card}} mit deinem Kreuz nehmen',
      look: 'die Karte auf {{pos}} ansehen',
      tryst: '{{cells}} als Tryst werten',
      take: 'das Herz auf {{pos}} dazunehmen',
      bury: 'die Karte auf {{pos}} begraben',
    },
    card: {
      joker: 'Joker',
      name: '{{suit}} {{rank}}',
      rank: {
        A: 'Ass',
        J: 'Bube',
        Q: 'Dame',
        K: 'König',
      },
      suit: {
        C: 'Kreuz',
        D: 'Karo',
        H: 'Herz',
        S: 'Pik',
      },
    },
    seat: 'Platz {{number}}',
  },
} as const;
