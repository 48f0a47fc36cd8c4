/** MatchMaster's rules page, English and German. */
import type { GameRules } from '../../rules/types.ts';

export const matchmasterRules: GameRules = {
  en: {
    lead: 'Say how many tricks you will take, then take exactly that many. Thirteen hands, 2 to 7 players, about half an hour.',
    tutorial: 'Learn by playing: a guided first game',
    sections: [
      {
        id: 'start',
        title: 'What you need',
        blocks: [
          {
            p: 'A deck of 52 cards in four colours: **dark orange**, **light orange**, **dark blue** and **light blue**, each numbered from 1 to 13 (13 is the highest). Dark orange is always trump: any dark orange card beats every card of the other colours, which are all equal.',
          },
          {
            p: 'matchbox shuffles, deals and keeps the score for you; bots can take the seats nobody sits in. Every colour also has its own symbol on the cards (a crown for dark orange, a circle, a square, a triangle), so you can tell them apart without seeing colours.',
          },
          {
            p: 'The first hand gives everybody 7 cards. Each hand after that has one card fewer, down to a single card, then one more each time back up to 7: 7, 6, 5, 4, 3, 2, 1, 2, 3, 4, 5, 6, 7, thirteen hands in all. Every hand is shuffled afresh. Cards that are not dealt stay hidden and play no part.',
          },
          {
            p: 'The deal moves to the next player every hand, and the player after the dealer leads the first trick. Whoever creates a table chooses who deals first; a quick game starts with the first seat.',
          },
        ],
      },
      {
        id: 'bid',
        title: 'Bidding',
        blocks: [
          {
            p: 'Look at your cards and decide how many tricks you expect to win, from none up to the number of cards in your hand. Everybody bids at the same time, in secret (at a real table you hide matchsticks in your fist). You can see who has already decided, but not what. Once the last player has bid, all bids are shown together.',
          },
          {
            p: 'The bids may add up to any number, so everybody can be right in the same hand. A bid cannot be changed.',
          },
        ],
      },
      {
        id: 'turn',
        title: 'Playing a trick',
        blocks: [
          {
            steps: [
              'The leader plays any card they like, a trump too.',
              'Going round the table, everybody else plays one card. If you hold the colour that was led, you must play that colour; any number of it will do.',
              'If you have none of the colour led, you must play a trump. If somebody has already trumped, beat their highest trump if you can; if you cannot, any lower trump will do.',
              'If trump was led, you must beat the highest trump on the table if you can; otherwise play a lower trump.',
              'Only when you have neither the colour led nor a trump may you play any card.',
            ],
          },
          {
            p: 'The highest trump takes the trick. With no trump in it, the highest card of the colour led takes it. Whoever takes a trick leads the next one.',
          },
          {
            figure: 'trick',
            caption:
              'Ann leads light blue 9. Ben follows with light blue 12. Cleo has no light blue, so she must trump: dark orange 3. Dan has neither light blue nor trumps and gets rid of dark blue 13. The small trump beats them all: Cleo takes the trick and leads the next one.',
            labels: ['Ann', 'Ben', 'Cleo', 'Dan', 'takes the trick', 'trump'],
          },
          {
            p: 'Good to know: if you hold the colour led, you may play any number of it, even after somebody has trumped. Only a player who has none of the colour led has to beat a trump.',
          },
        ],
      },
      {
        id: 'score',
        title: 'Scoring',
        blocks: [
          {
            p: 'When all the cards of a hand are played, everybody compares the tricks they took with their bid:',
          },
          {
            list: [
              '**Exactly right**: 10 points, plus 1 point for each trick you took.',
              '**Wrong**: minus 1 point for every trick you are off, too many or too few.',
            ],
          },
          {
            p: 'An example, a hand of 4 cards: Ann bid 2 and took 2, so she scores 10 + 2 = **12**. Ben bid nothing and took nothing: **10**. Cleo bid 1 but took 2, one too many: **−1**. Dan bid 3 and took none, three too few: **−3**.',
          },
          { p: 'The score pad beside the table keeps every hand and the running totals.' },
        ],
      },
      {
        id: 'end',
        title: 'The end',
        blocks: [
          {
            p: 'After the thirteenth hand the player with the highest total wins. If several players share the highest total, they all win.',
          },
          {
            p: 'A table can also be set up for a shorter game with fewer hands, for example only the hands of 1 and 2 cards.',
          },
        ],
      },
    ],
  },
  de: {
    lead: 'Sag an, wie viele Stiche du machst, und mach dann genau so viele. Dreizehn Runden, 2 bis 7 Spieler, etwa eine halbe Stunde.',
    tutorial: 'Spielend lernen: eine erste Partie mit Anleitung',
    sections: [
      {
        id: 'start',
        title: 'Was man braucht',
        blocks: [
          {
            p: 'Ein Spiel aus 52 Karten in vier Farben: **Dunkelorange**, **Hellorange**, **Dunkelblau** und **Hellblau**, jeweils von 1 bis 13 nummeriert (13 ist die höchste). Dunkelorange ist immer Trumpf: Jede dunkelorange Karte schlägt alle Karten der anderen Farben, die untereinander gleich viel wert sind.',
          },
          {
            p: 'matchbox mischt, gibt und zählt die Punkte für dich; freie Plätze können Bots übernehmen. Jede Farbe hat auf den Karten außerdem ihr eigenes Zeichen (eine Krone für Dunkelorange, einen Kreis, ein Quadrat, ein Dreieck), so dass man sie auch ohne Farbsehen unterscheidet.',
          },
          {
            p: 'In der ersten Runde bekommt jeder 7 Karten. Danach gibt es jede Runde eine Karte weniger, bis zu einer einzigen Karte, und dann wieder jede Runde eine mehr bis 7: 7, 6, 5, 4, 3, 2, 1, 2, 3, 4, 5, 6, 7, dreizehn Runden insgesamt. Vor jeder Runde wird neu gemischt. Karten, die nicht ausgeteilt werden, bleiben verdeckt und spielen nicht mit.',
          },
          {
            p: 'Das Geben wechselt jede Runde zum nächsten Spieler, und der Spieler nach dem Geber spielt den ersten Stich an. Wer einen Tisch anlegt, bestimmt, wer zuerst gibt; ein schnelles Spiel beginnt mit dem ersten Platz.',
          },
        ],
      },
      {
        id: 'bid',
        title: 'Die Ansage',
        blocks: [
          {
            p: 'Schau dir deine Karten an und überlege, wie viele Stiche du machen wirst: keinen bis so viele, wie du Karten hast. Alle sagen gleichzeitig und geheim an (am echten Tisch nimmt man dafür Streichhölzer verdeckt in die Faust). Du siehst, wer sich schon entschieden hat, aber nicht, wie. Sobald der Letzte angesagt hat, werden alle Ansagen zusammen aufgedeckt.',
          },
          {
            p: 'Die Ansagen dürfen zusammen jede Zahl ergeben, es können also alle in derselben Runde richtig liegen. Eine Ansage lässt sich nicht mehr ändern.',
          },
        ],
      },
      {
        id: 'turn',
        title: 'Ein Stich',
        blocks: [
          {
            steps: [
              'Wer anspielt, legt eine beliebige Karte, auch einen Trumpf.',
              'Reihum legt jeder andere eine Karte dazu. Hast du die angespielte Farbe, musst du sie bedienen; welche Zahl, ist egal.',
              'Hast du die angespielte Farbe nicht, musst du trumpfen. Hat schon jemand getrumpft, musst du den höchsten Trumpf im Stich überbieten, wenn du kannst; sonst genügt ein niedrigerer Trumpf.',
              'Wurde Trumpf angespielt, musst du den höchsten Trumpf im Stich überbieten, wenn du kannst; sonst legst du einen niedrigeren Trumpf.',
              'Nur wer weder die angespielte Farbe noch Trumpf hat, darf eine beliebige Karte legen.',
            ],
          },
          {
            p: 'Der höchste Trumpf gewinnt den Stich. Liegt kein Trumpf darin, gewinnt die höchste Karte der angespielten Farbe. Wer den Stich gewinnt, spielt den nächsten an.',
          },
          {
            figure: 'trick',
            caption:
              'Ann spielt Hellblau 9 an. Ben bedient mit Hellblau 12. Cleo hat kein Hellblau und muss trumpfen: Dunkelorange 3. Dan hat weder Hellblau noch Trumpf und wirft Dunkelblau 13 ab. Der kleine Trumpf schlägt alle: Cleo gewinnt den Stich und spielt den nächsten an.',
            labels: ['Ann', 'Ben', 'Cleo', 'Dan', 'gewinnt den Stich', 'Trumpf'],
          },
          {
            p: 'Gut zu wissen: Wer die angespielte Farbe hat, darf jede Zahl davon legen, auch wenn schon jemand getrumpft hat. Einen Trumpf überbieten muss nur, wer die angespielte Farbe nicht hat.',
          },
        ],
      },
      {
        id: 'score',
        title: 'Punkte',
        blocks: [
          {
            p: 'Sind alle Karten einer Runde gespielt, vergleicht jeder seine Stiche mit seiner Ansage:',
          },
          {
            list: [
              '**Genau getroffen**: 10 Punkte und dazu 1 Punkt für jeden gemachten Stich.',
              '**Daneben**: 1 Minuspunkt für jeden Stich, den du zu viel oder zu wenig gemacht hast.',
            ],
          },
          {
            p: 'Ein Beispiel aus einer Runde mit 4 Karten: Ann sagt 2 an und macht 2, das gibt 10 + 2 = **12**. Ben sagt keinen an und macht keinen: **10**. Cleo sagt 1 an, macht aber 2, einen zu viel: **−1**. Dan sagt 3 an und macht keinen, drei zu wenig: **−3**.',
          },
          { p: 'Der Spielblock neben dem Tisch hält jede Runde und die laufenden Summen fest.' },
        ],
      },
      {
        id: 'end',
        title: 'Spielende',
        blocks: [
          {
            p: 'Nach der dreizehnten Runde gewinnt, wer die meisten Punkte hat. Haben mehrere gleich viele Punkte an der Spitze, gewinnen sie alle.',
          },
          {
            p: 'Ein Tisch lässt sich auch für ein kürzeres Spiel mit weniger Runden anlegen, zum Beispiel nur mit den Runden zu 1 und 2 Karten.',
          },
        ],
      },
    ],
  },
};
