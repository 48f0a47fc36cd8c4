/**
 * The words of matchet's sentences (the log, hints, replays, the terminal) in English and German. The
 * web merges them into the game's i18n namespace; the terminal reads them through `translator`.
 */
export const MESSAGES = {
  en: {
    log: {
      deal_you:
        'Round {{round}} is dealt: five tiles each, face up. You lay the first tile; {{pool}} tiles stay in the pool.',
      deal_other:
        'Round {{round}} is dealt: five tiles each, face up. {{name}} lays the first tile; {{pool}} tiles stay in the pool.',
      shuffle: 'The {{pool}} tiles are shuffled face down into the pool.',
      stacks: 'The tiles are dealt face up into {{n}} stacks.',
      draw_you: 'You draw {{tile}} ({{pool}} left in the pool).',
      draw_other: '{{name}} draws {{tile}} ({{pool}} left in the pool).',
      reserve: '{{tile}} fits nowhere and goes onto the reserve ({{pool}} left in the pool).',
      place_you: 'You lay {{tile}} {{where}}.',
      place_you_points: 'You lay {{tile}} {{where}} and score {{points}}.',
      place_other: '{{name}} lays {{tile}} {{where}}.',
      place_other_points: '{{name}} lays {{tile}} {{where}} and scores {{points}}.',
      exceptional: 'An exceptional play: it touches two or three triangles.',
      pass_you: 'You cannot place a tile and pass.',
      pass_other: '{{name}} cannot place a tile and passes.',
      round_blocked:
        'Round {{round}} is over: blocked, nobody could place. Points: {{points}}. Totals: {{totals}}.',
      round_out_you:
        'Round {{round}} is over: you placed all your tiles. Points: {{points}}. Totals: {{totals}}.',
      round_out_other:
        'Round {{round}} is over: {{name}} placed all their tiles. Points: {{points}}. Totals: {{totals}}.',
      solo_won: 'Solitaire won: all {{score}} tiles placed.',
      solo_lost: 'Solitaire lost: {{score}} tiles placed.',
      game_over_one: 'Game over. The winner: {{names}}. Totals: {{totals}}.',
      game_over_other: 'Game over. The winners: {{names}}. Totals: {{totals}}.',
      andList: '{{first}} and {{last}}',
      scoreOf: '{{name}} {{points}}',
    },
    seat: 'Seat {{n}}',
    colour: { R: 'red', Y: 'yellow', B: 'blue' },
    tileName: 'the {{sides}} triangle',
    someTile: 'a triangle',
    sideName: '{{colour}} {{value}}',
    where: {
      middle: 'in the middle',
      last: 'next to the last triangle',
      touching: 'where it touches {{count}} triangles',
    },
    layTile: 'lay {{tile}} {{where}}',
    youInList: 'you',
    redFaces: {
      T: 'red side up',
      R: 'red side right',
      B: 'red side down',
      L: 'red side left',
    },
  },
  de: {
    log: {
      deal_you:
        'Runde {{round}} ist verteilt: je fünf Dreiecke, offen. Du legst das erste Dreieck; {{pool}} Dreiecke bleiben im Vorrat.',
      deal_other:
        'Runde {{round}} ist verteilt: je fünf Dreiecke, offen. {{name}} legt das erste Dreieck; {{pool}} Dreiecke bleiben im Vorrat.',
      shuffle: 'Die {{pool}} Dreiecke werden verdeckt in den Vorrat gemischt.',
      stacks: 'Die Dreiecke werden offen auf {{n}} Stapel verteilt.',
      draw_you: 'Du ziehst {{tile}} (noch {{pool}} im Vorrat).',
      draw_other: '{{name}} zieht {{tile}} (noch {{pool}} im Vorrat).',
      reserve: '{{tile}} passt nirgends und kommt auf die Reserve (noch {{pool}} im Vorrat).',
      place_you: 'Du legst {{tile}} {{where}}.',
      place_you_points: 'Du legst {{tile}} {{where}} und bekommst {{points}} Punkte.',
      place_other: '{{name}} legt {{tile}} {{where}}.',
      place_other_points: '{{name}} legt {{tile}} {{where}} und bekommt {{points}} Punkte.',
      exceptional: 'Ein Sonderzug: Es berührt zwei oder drei Dreiecke.',
      pass_you: 'Du kannst kein Dreieck legen und passt.',
      pass_other: '{{name}} kann kein Dreieck legen und passt.',
      round_blocked:
        'Runde {{round}} ist vorbei: blockiert, niemand konnte legen. Punkte: {{points}}. Gesamt: {{totals}}.',
      round_out_you:
        'Runde {{round}} ist vorbei: Du hast alle deine Dreiecke gelegt. Punkte: {{points}}. Gesamt: {{totals}}.',
      round_out_other:
        'Runde {{round}} ist vorbei: {{name}} hat alle Dreiecke gelegt. Punkte: {{points}}. Gesamt: {{totals}}.',
      solo_won: 'Patience gewonnen: alle {{score}} Dreiecke gelegt.',
      solo_lost: 'Patience verloren: {{score}} Dreiecke gelegt.',
      game_over_one: 'Spielende. Gewonnen: {{names}}. Gesamt: {{totals}}.',
      game_over_other: 'Spielende. Gewonnen: {{names}}. Gesamt: {{totals}}.',
      andList: '{{first}} und {{last}}',
      scoreOf: '{{name}} {{points}}',
    },
    seat: 'Platz {{n}}',
    colour: { R: 'Rot', Y: 'Gelb', B: 'Blau' },
    tileName: 'das Dreieck {{sides}}',
    someTile: 'ein Dreieck',
    sideName: '{{colour}} {{value}}',
    where: {
      middle: 'in die Mitte',
      last: 'an das letzte Dreieck',
      touching: 'dort, wo es {{count}} Dreiecke berührt',
    },
    layTile: '{{tile}} {{where}} legen',
    youInList: 'du',
    redFaces: {
      T: 'Rot oben',
      R: 'Rot rechts',
      B: 'Rot unten',
      L: 'Rot links',
    },
  },
} as const;
