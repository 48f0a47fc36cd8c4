/** MATCH!'s rules page, English and German. */
import type { GameRules } from '../../rules/types.ts';

export const matchRules: GameRules = {
  en: {
    lead: 'Play a card that matches the pile, or keep one that does not for points. The first round in which somebody reaches 50 is the last. 2 to 8 players.',
    tutorial: 'Learn by playing: a guided first game',
    sections: [
      {
        id: 'start',
        title: 'What you need',
        blocks: [
          {
            p: '64 cards: the numbers 0 to 5 in five colours (red, yellow, green, blue and purple), two cards of each, and 4 **wildcards**. On the screen each colour also has its own shape (red a circle, yellow a triangle, green a square, blue a diamond, purple a star), so the cards read without telling colours apart.',
          },
          {
            p: 'Everybody gets 5 cards in hand, which nobody else sees. The next card is turned face up: it starts the **discard pile**. If that card is a wildcard, it goes back into the deck, the deck is shuffled and another card is turned.',
          },
          {
            p: 'In front of you grows your **collection**: one face-up stack per colour, so five stacks at most. Everybody can see every card of every collection, the ones underneath too.',
          },
        ],
      },
      {
        id: 'turn',
        title: 'Your turn',
        blocks: [
          {
            p: 'A card **matches** when it has the colour of the top card of the discard pile, or its number, or both. On your turn you do exactly one of two things:',
          },
          {
            list: [
              '**It matches!** Put a matching card on the discard pile, either from your hand or from the top of one of your stacks. You do not draw.',
              '**It does not match!** Put a card from your hand that does not match onto your collection, on the stack of its colour. Then draw a card.',
            ],
          },
          {
            figure: 'match',
            caption:
              'The pile shows blue 2. Green 2 matches by its number and blue 5 by its colour: either may go on the pile. Red 4 matches neither, so it can only go to the collection, and then you draw.',
            labels: ['on the pile', 'matches', 'does not match', 'to the collection'],
          },
          {
            p: '**Watch your stacks.** If the top card of any of your stacks matches the pile, you may not collect: you have to put a matching card on the pile (from your hand, from a stack or a wildcard). Only the top card of each stack counts; the cards underneath never match.',
          },
        ],
      },
      {
        id: 'wild',
        title: 'Wildcards',
        blocks: [
          {
            p: 'A wildcard matches every card, so you can always put it on the pile, but only from your hand: it never goes into a collection. When you play one, you name a colour and a number. As long as the wildcard lies on top, that named card is what has to be matched, also for the player after next if the next one collects instead of covering it. A wildcard may be answered with another wildcard and a new colour and number.',
          },
        ],
      },
      {
        id: 'score',
        title: 'The end of a round and scoring',
        blocks: [
          {
            p: 'A round ends as soon as somebody has no card left in hand at the end of their turn. Since collecting always makes you draw, you go out by putting your last card on the pile.',
          },
          {
            p: 'Then everybody adds up every card in their collection, the hidden ones in the stacks included, and takes away the cards still in hand. A wildcard left in hand costs 10.',
          },
          {
            p: 'An example: your collection holds red 5 and red 3 in one stack, blue 4, green 0 and purple 2: 5 + 3 + 4 + 0 + 2 = 14. In your hand are yellow 1 and a wildcard: 1 + 10 = 11. This round gives you 14 − 11 = **3** points.',
          },
          {
            p: 'When the deck runs out and somebody has to draw, all cards of the discard pile except the top one are shuffled into a new deck. If even that leaves no card, the player collects without drawing.',
          },
        ],
      },
      {
        id: 'end',
        title: 'The end of the game',
        blocks: [
          {
            p: 'The scores add up over the rounds. After a round in which anybody reaches 50 points or more, the game ends: the highest total wins, and players who share the highest total all win. Otherwise new cards are dealt, and whoever ended the last round starts the next one.',
          },
          {
            p: 'Good to know: the two cards of the same colour and number are interchangeable, so matchbox offers them as one choice. So that no game can run for ever, a round stops after 2,000 turns and a game after 100 rounds, scored as usual; a real game never gets near either.',
          },
        ],
      },
    ],
  },
  de: {
    lead: 'Leg eine Karte, die zum Stapel passt, oder behalte eine, die nicht passt, für Punkte. Die Runde, in der jemand 50 Punkte erreicht, ist die letzte. 2 bis 8 Spieler.',
    tutorial: 'Spielend lernen: eine erste Partie mit Anleitung',
    sections: [
      {
        id: 'start',
        title: 'Was man braucht',
        blocks: [
          {
            p: '64 Karten: die Zahlen 0 bis 5 in fünf Farben (Rot, Gelb, Grün, Blau und Lila), jede Karte zweimal, dazu 4 **Joker**. Auf dem Bildschirm hat jede Farbe außerdem ihre eigene Form (Rot einen Kreis, Gelb ein Dreieck, Grün ein Quadrat, Blau eine Raute, Lila einen Stern), so dass man die Karten auch ohne Farbsehen erkennt.',
          },
          {
            p: 'Jeder bekommt 5 Karten auf die Hand, die sonst niemand sieht. Die nächste Karte wird aufgedeckt: Sie beginnt den **Ablagestapel**. Ist sie ein Joker, kommt sie zurück in den Stapel, es wird neu gemischt und eine andere Karte aufgedeckt.',
          },
          {
            p: 'Vor dir wächst deine **Sammlung**: ein offener Stapel pro Farbe, also höchstens fünf. Jeder sieht jede Karte jeder Sammlung, auch die darunterliegenden.',
          },
        ],
      },
      {
        id: 'turn',
        title: 'Dein Zug',
        blocks: [
          {
            p: 'Eine Karte **passt**, wenn sie die Farbe der obersten Karte des Ablagestapels hat, ihre Zahl oder beides. In deinem Zug tust du genau eines von zwei Dingen:',
          },
          {
            list: [
              '**Passt!** Leg eine passende Karte auf den Ablagestapel, entweder aus der Hand oder von oben von einem deiner Stapel. Du ziehst nicht nach.',
              '**Passt nicht!** Leg eine nicht passende Karte aus der Hand in deine Sammlung, auf den Stapel ihrer Farbe. Dann ziehst du eine Karte.',
            ],
          },
          {
            figure: 'match',
            caption:
              'Oben liegt Blau 2. Grün 2 passt wegen der Zahl, Blau 5 wegen der Farbe: Beide dürfen auf den Ablagestapel. Rot 4 passt zu keinem von beidem, also kann sie nur in die Sammlung, und dann ziehst du nach.',
            labels: ['auf dem Stapel', 'passt', 'passt nicht', 'in die Sammlung'],
          },
          {
            p: '**Achte auf deine Stapel.** Passt die oberste Karte eines deiner Stapel zum Ablagestapel, darfst du nicht sammeln: Du musst eine passende Karte ablegen (aus der Hand, von einem Stapel oder einen Joker). Es zählt nur die oberste Karte jedes Stapels; die Karten darunter passen nie.',
          },
        ],
      },
      {
        id: 'wild',
        title: 'Joker',
        blocks: [
          {
            p: 'Ein Joker passt zu jeder Karte, du kannst ihn also immer ablegen, aber nur aus der Hand: In eine Sammlung kommt er nie. Wer einen Joker legt, nennt eine Farbe und eine Zahl. Solange der Joker oben liegt, muss diese genannte Karte bedient werden, auch vom übernächsten Spieler, falls der nächste sammelt, statt ihn zu überdecken. Auf einen Joker darf man einen weiteren Joker legen und eine neue Farbe und Zahl nennen.',
          },
        ],
      },
      {
        id: 'score',
        title: 'Rundenende und Punkte',
        blocks: [
          {
            p: 'Eine Runde endet, sobald jemand am Ende seines Zuges keine Karte mehr auf der Hand hat. Weil man nach dem Sammeln immer nachzieht, geht man hinaus, indem man seine letzte Karte ablegt.',
          },
          {
            p: 'Dann zählt jeder alle Karten seiner Sammlung zusammen, auch die verdeckten in den Stapeln, und zieht die Karten ab, die er noch auf der Hand hat. Ein Joker auf der Hand kostet 10.',
          },
          {
            p: 'Ein Beispiel: In deiner Sammlung liegen Rot 5 und Rot 3 auf einem Stapel, Blau 4, Grün 0 und Lila 2: 5 + 3 + 4 + 0 + 2 = 14. Auf der Hand hast du Gelb 1 und einen Joker: 1 + 10 = 11. Diese Runde bringt dir 14 − 11 = **3** Punkte.',
          },
          {
            p: 'Ist der Nachziehstapel leer, wenn jemand ziehen muss, werden alle Karten des Ablagestapels außer der obersten zu einem neuen Stapel gemischt. Bleibt auch dann keine Karte, sammelt der Spieler, ohne zu ziehen.',
          },
        ],
      },
      {
        id: 'end',
        title: 'Spielende',
        blocks: [
          {
            p: 'Die Punkte werden über die Runden zusammengezählt. Nach einer Runde, in der jemand 50 Punkte oder mehr erreicht, ist das Spiel aus: Die höchste Summe gewinnt, und wer sich die höchste Summe teilt, gewinnt gemeinsam. Sonst wird neu gegeben, und wer die letzte Runde beendet hat, beginnt die nächste.',
          },
          {
            p: 'Gut zu wissen: Die beiden Karten gleicher Farbe und Zahl sind austauschbar, darum bietet matchbox sie als eine Wahl an. Damit kein Spiel ewig dauert, endet eine Runde nach 2.000 Zügen und ein Spiel nach 100 Runden, gewertet wie sonst auch; ein echtes Spiel kommt nie in die Nähe.',
          },
        ],
      },
    ],
  },
};
