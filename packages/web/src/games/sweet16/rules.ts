/** Sweet16's rules page, English and German. */
import type { GameRules } from '../../rules/types.ts';

export const sweet16Rules: GameRules = {
  en: {
    lead: 'A memory game with an ordinary deck of cards: turn cards over to reach exactly 16, or stop below it and hold the table with a clique. 2 to 5 players, and a duel for two.',
    tutorial: 'Learn by playing: a guided first game',
    sections: [
      {
        id: 'start',
        title: 'What you need',
        blocks: [
          {
            p: 'A standard deck of 52 cards and its 2 jokers. An ace is worth 1, the cards 2 to 10 what they show, a jack 11, a queen 12 and a king 13. A joker is worth what you say when you turn it over.',
          },
          {
            p: 'All 54 cards lie face down in a grid of 9 columns and 6 rows. A card keeps its place until it leaves the grid, and then leaves a gap. Turned cards are seen by everybody, so remembering where they lay is half the game.',
          },
        ],
      },
      {
        id: 'turn',
        title: 'Your turn',
        blocks: [
          {
            steps: [
              'If the clique on the table is yours (see below), you score it first.',
              'Then turn face-down cards over, one at a time, wherever you like, and add up their values. Keep going until one of the following happens.',
            ],
          },
          {
            list: [
              '**Over 16: you lose face.** The cards you turned this turn go face down again where they lie, and your turn is over.',
              '**Exactly 16: a tryst.** You score those cards at once. If somebody else’s clique is on the table, it breaks up: its cards go face down.',
              '**Below 16, with at least 2 cards turned and more than the clique on the table, if there is one:** you may stop. Your cards stay face up as your **clique**, and the old clique goes face down. You may also turn another card instead.',
            ],
          },
          {
            p: 'When you turn a **joker**, say at once what it is worth, 1 to 13, even a value that makes you lose face. It keeps that value while it lies face up and forgets it when it is turned back down.',
          },
          {
            figure: 'tryst',
            caption:
              'A tryst: 9 + 4 + 3 make exactly 16. A clique: 7 + 5 make 12, below 16, and the player chose to stop. The next clique must beat 12.',
            labels: ['tryst', 'clique'],
          },
          {
            p: 'There is only ever one clique on the table. If there is nothing left to turn over before you reach any of these, you lose face.',
          },
        ],
      },
      {
        id: 'score',
        title: 'Scoring a tryst or a clique',
        blocks: [
          {
            steps: [
              'Put one of the cards back face down in its place. Everybody sees which one goes back.',
              'You may **activate** one of the others (never a joker) for the power of its suit, described below.',
              'The rest go face down onto your score pile.',
            ],
          },
          {
            list: [
              '**Diamond**: it goes face up beside your pile and is worth 3 points at the end.',
              '**Club**: you may take an opponent’s face-up diamond whose value is no higher than your club’s. Both go to your pile.',
              '**Heart**: look secretly at a face-down card of the grid. If it is a heart, show it, take it and look again; the first card that is not a heart goes back face down. The hearts you found go to your pile with the activated one.',
              '**Spade**: look secretly at three face-down cards, one after the other. The spade goes to your pile.',
            ],
          },
          {
            p: 'Everybody sees which cards you look at, but only you see what they are. Taking a diamond with a club is your choice; the heart’s and the spade’s looks are not.',
          },
          {
            p: 'An example: Ann turns over 9 of clubs, 4 of hearts and 3 of diamonds: 16, a tryst. She puts the 9 back, activates the 3 of diamonds, which lies face up beside her pile, and the 4 of hearts goes onto her pile. That is 1 card in the pile and 1 diamond: 1 + 3 = **4** points so far.',
          },
        ],
      },
      {
        id: 'end',
        title: 'The end',
        blocks: [
          {
            p: 'The game ends after a turn in which a tryst or a clique was scored, once fewer than 13 cards are left in the grid (face-down cards and the cards of the clique). Every card in your face-down pile is worth 1 point, every face-up diamond 3. The most points win; between tied players, the one who comes earlier in the order of play wins.',
          },
          {
            p: 'Good to know: the game also ends when no two cards left in the grid can make 16 or less (a joker counting as 1), since nobody could score again. And so that no game can go on for ever, it ends after turn 1,000 and is scored as usual.',
          },
          {
            p: 'matchbox shows only what lies face up; remembering the rest is up to you. If you like, switch on the memory aid, which marks the face-down cards you have seen.',
          },
        ],
      },
      {
        id: 'duel',
        title: 'The duel for two (experimental)',
        blocks: [
          {
            p: 'No jokers and no memory: 49 cards lie face up in a grid of 7 by 7; the other 3 are out of play. The first player owns the rows, the second the columns.',
          },
          {
            p: 'On your turn, choose 2 or more cards in one of your lines (they need not be next to each other) that add up to exactly 16. You may activate one of them; the rest go to your pile straight away.',
          },
          {
            list: [
              '**Diamond**: face up beside your pile, worth 3.',
              '**Club**: you may take your opponent’s face-up diamond of no higher value; both go to your pile.',
              '**Heart**: take one more heart from anywhere in the grid into your pile.',
              '**Spade**: bury two cards of the grid: they leave the game.',
            ],
          },
          {
            p: 'If you have no line that makes 16, you pass. When both players pass one after the other, the game ends and is scored as above.',
          },
        ],
      },
    ],
  },
  de: {
    lead: 'Ein Gedächtnisspiel mit einem gewöhnlichen Kartenspiel: Deck Karten auf, bis es genau 16 sind, oder hör darunter auf und halte den Tisch mit einer Clique. 2 bis 5 Spieler und ein Duell zu zweit.',
    tutorial: 'Spielend lernen: eine erste Partie mit Anleitung',
    sections: [
      {
        id: 'start',
        title: 'Was man braucht',
        blocks: [
          {
            p: 'Ein übliches Kartenspiel mit 52 Karten und seinen 2 Jokern. Ein Ass zählt 1, die Karten 2 bis 10 ihren Aufdruck, ein Bube 11, eine Dame 12 und ein König 13. Ein Joker zählt, was du beim Aufdecken ansagst.',
          },
          {
            p: 'Alle 54 Karten liegen verdeckt in einem Raster aus 9 Spalten und 6 Reihen. Eine Karte bleibt an ihrem Platz, bis sie das Raster verlässt, und hinterlässt dann eine Lücke. Aufgedeckte Karten sieht jeder; sich zu merken, wo sie lagen, ist das halbe Spiel.',
          },
        ],
      },
      {
        id: 'turn',
        title: 'Dein Zug',
        blocks: [
          {
            steps: [
              'Liegt deine Clique auf dem Tisch (siehe unten), wertest du sie zuerst.',
              'Dann deckst du verdeckte Karten eine nach der anderen auf, wo du willst, und zählst ihre Werte zusammen. Du machst weiter, bis eines der folgenden Dinge passiert.',
            ],
          },
          {
            list: [
              '**Über 16: Du verlierst das Gesicht.** Die Karten, die du in diesem Zug aufgedeckt hast, werden an ihrem Platz wieder umgedreht, und dein Zug ist vorbei.',
              '**Genau 16: ein Tryst.** Du wertest diese Karten sofort. Liegt die Clique eines anderen auf dem Tisch, löst sie sich auf: Ihre Karten werden umgedreht.',
              '**Unter 16, mit mindestens 2 aufgedeckten Karten und mehr als die Clique auf dem Tisch, falls es eine gibt:** Du darfst aufhören. Deine Karten bleiben offen liegen und sind jetzt deine **Clique**; die alte Clique wird umgedreht. Du darfst stattdessen auch weiter aufdecken.',
            ],
          },
          {
            p: 'Deckst du einen **Joker** auf, sagst du sofort an, was er zählt, 1 bis 13, auch einen Wert, mit dem du das Gesicht verlierst. Er behält den Wert, solange er offen liegt, und vergisst ihn, sobald er wieder umgedreht wird.',
          },
          {
            figure: 'tryst',
            caption:
              'Ein Tryst: 9 + 4 + 3 ergeben genau 16. Eine Clique: 7 + 5 ergeben 12, weniger als 16, und der Spieler hat aufgehört. Die nächste Clique muss mehr als 12 haben.',
            labels: ['Tryst', 'Clique'],
          },
          {
            p: 'Es liegt immer höchstens eine Clique auf dem Tisch. Gibt es nichts mehr aufzudecken, bevor einer dieser Fälle eintritt, verlierst du das Gesicht.',
          },
        ],
      },
      {
        id: 'score',
        title: 'Einen Tryst oder eine Clique werten',
        blocks: [
          {
            steps: [
              'Leg eine der Karten verdeckt an ihren Platz zurück. Alle sehen, welche es ist.',
              'Du darfst eine der anderen **aktivieren** (nie einen Joker) und die Kraft ihrer Farbe nutzen, siehe unten.',
              'Der Rest kommt verdeckt auf deinen Punktestapel.',
            ],
          },
          {
            list: [
              '**Karo**: Es kommt offen neben deinen Stapel und zählt am Ende 3 Punkte.',
              '**Kreuz**: Du darfst einem Gegner ein offenes Karo wegnehmen, dessen Wert nicht höher ist als der deines Kreuz. Beide kommen auf deinen Stapel.',
              '**Herz**: Sieh dir heimlich eine verdeckte Karte des Rasters an. Ist es ein Herz, zeig es, nimm es und sieh dir die nächste an; die erste Karte, die kein Herz ist, wird wieder hingelegt. Die gefundenen Herzen kommen mit dem aktivierten auf deinen Stapel.',
              '**Pik**: Sieh dir heimlich drei verdeckte Karten an, eine nach der anderen. Das Pik kommt auf deinen Stapel.',
            ],
          },
          {
            p: 'Alle sehen, welche Karten du dir ansiehst, aber nur du siehst, was sie sind. Ein Karo mit dem Kreuz zu nehmen, ist deine Wahl; die Blicke von Herz und Pik nicht.',
          },
          {
            p: 'Ein Beispiel: Ann deckt Kreuz 9, Herz 4 und Karo 3 auf: 16, ein Tryst. Sie legt die 9 zurück, aktiviert Karo 3, das offen neben ihren Stapel kommt, und Herz 4 kommt auf ihren Stapel. Das sind 1 Karte im Stapel und 1 Karo: bisher 1 + 3 = **4** Punkte.',
          },
        ],
      },
      {
        id: 'end',
        title: 'Spielende',
        blocks: [
          {
            p: 'Das Spiel endet nach einem Zug, in dem ein Tryst oder eine Clique gewertet wurde, sobald weniger als 13 Karten im Raster liegen (verdeckte Karten und die Karten der Clique). Jede Karte in deinem verdeckten Stapel zählt 1 Punkt, jedes offene Karo 3. Die meisten Punkte gewinnen; bei Gleichstand gewinnt, wer in der Spielreihenfolge früher kommt.',
          },
          {
            p: 'Gut zu wissen: Das Spiel endet auch, wenn keine zwei Karten im Raster zusammen 16 oder weniger ergeben können (ein Joker zählt dabei 1), weil dann niemand mehr werten kann. Und damit kein Spiel ewig dauert, endet es nach dem 1.000. Zug und wird wie sonst gewertet.',
          },
          {
            p: 'matchbox zeigt nur, was offen liegt; den Rest musst du dir merken. Wenn du magst, schalte die Gedächtnisstütze ein: Sie markiert die verdeckten Karten, die du schon gesehen hast.',
          },
        ],
      },
      {
        id: 'duel',
        title: 'Das Duell zu zweit (zum Ausprobieren)',
        blocks: [
          {
            p: 'Ohne Joker und ohne Gedächtnis: 49 Karten liegen offen in einem Raster aus 7 mal 7; die übrigen 3 spielen nicht mit. Dem ersten Spieler gehören die Reihen, dem zweiten die Spalten.',
          },
          {
            p: 'In deinem Zug wählst du 2 oder mehr Karten in einer deiner Linien (sie müssen nicht nebeneinander liegen), die zusammen genau 16 ergeben. Eine davon darfst du aktivieren; die übrigen kommen sofort auf deinen Stapel.',
          },
          {
            list: [
              '**Karo**: offen neben deinen Stapel, zählt 3.',
              '**Kreuz**: Du darfst das offene Karo deines Gegners mit nicht höherem Wert nehmen; beide kommen auf deinen Stapel.',
              '**Herz**: Nimm ein weiteres Herz von irgendwo aus dem Raster auf deinen Stapel.',
              '**Pik**: Begrabe zwei Karten des Rasters: Sie scheiden aus dem Spiel aus.',
            ],
          },
          {
            p: 'Ergibt keine deiner Linien 16, passt du. Passen beide Spieler direkt nacheinander, endet das Spiel und wird wie oben gewertet.',
          },
        ],
      },
    ],
  },
};
