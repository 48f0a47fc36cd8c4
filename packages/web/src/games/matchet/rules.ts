/** MATCHET's rules page, English and German. */
import type { GameRules } from '../../rules/types.ts';

export const matchetRules: GameRules = {
  en: {
    lead: 'Lay triangles side by side, matching colour and number or making multiples of five. 2 to 7 players, or one of two solitaires.',
    tutorial: 'Learn by playing: a guided first solitaire',
    sections: [
      {
        id: 'start',
        title: 'What you need',
        blocks: [
          {
            p: '36 triangles. Every triangle has a red, a yellow and a blue side, and each side carries a number from 1 to 10. A triangle may be turned round on the table but never turned over. On the screen every side also shows its colour’s first letter.',
          },
          {
            p: 'With 2 to 7 players, everybody takes 5 triangles and lays them face up, for all to see; the rest stay face down as the pool. The player whose triangle has the highest total of its three numbers lays it in the middle to start.',
          },
        ],
      },
      {
        id: 'joins',
        title: 'How triangles join',
        blocks: [
          {
            p: 'Where a side of the new triangle touches a triangle on the table, both sides must have the **same colour**, and their numbers must either be **the same** (a match, no points) or **add up to 5, 10, 15 or 20** (a multiple, which scores that total). Two fives or two tens are both at once, and they score.',
          },
          {
            p: 'Normally you lay your triangle against the **last triangle played**, touching that one alone. A triangle may instead go anywhere on the table if it touches two or three triangles at once and every touching side joins: an **exceptional play**. It scores every multiple it makes, and the next triangle must be laid against it.',
          },
          {
            figure: 'exceptional',
            caption:
              'The triangles were laid one after another, each against the last: blue 4 on blue 4 (a match), yellow 3 on yellow 7 (10 points), red 6 on red 6, blue 2 on blue 8 (10 points). The highlighted triangle is an exceptional play: it touches two triangles, red 7 against red 8 makes 15 and yellow 5 against yellow 5 makes 10, so it scores 25.',
            labels: ['new'],
          },
          {
            p: 'If the last triangle has no free side left, only an exceptional play can continue.',
          },
        ],
      },
      {
        id: 'turn',
        title: 'Your turn',
        blocks: [
          {
            p: 'If you can lay one of your triangles, you must (any of the ones that fit). If you cannot, you draw from the pool, one triangle at a time, until you can, but never so many that you would have more than five in front of you. If you still cannot play, you pass. matchbox does the drawing and passing for you: you are only asked when you have a choice.',
          },
        ],
      },
      {
        id: 'score',
        title: 'Scoring and the end',
        blocks: [
          {
            p: 'Every multiple scores its total as you lay the triangle. A round ends when somebody has laid all their triangles: they win the round, and everybody else loses 5 points for each triangle still in front of them. If everybody passes in turn without anybody laying a triangle, the round is blocked and nobody loses anything.',
          },
          {
            p: 'An example: over the round Ben scored 10, 15 and 25. Ann goes out while Ben still has 2 triangles: 10 + 15 + 25 − 2 × 5 = **40** points for Ben this round.',
          },
          {
            p: 'A game is 3 rounds (or 4 or 5 if the table chose so; 1 or 2 for a short game), and each round the next player starts. The highest total wins; equal highest totals share the win.',
          },
        ],
      },
      {
        id: 'solitaire',
        title: 'The two solitaires',
        blocks: [
          {
            p: '**Solitaire with a reserve.** Triangles come from the face-down pool one at a time. One that can be laid must be; one that cannot goes face up onto your reserve pile. Before each new triangle, the top of the reserve must be laid if it fits. You win when all 36 are laid, and lose when the pool is empty and the top of the reserve fits nowhere.',
          },
          {
            p: '**Solitaire with stacks.** All 36 triangles lie face up in six stacks of six. Start with the top of any stack. Then take a stack’s top triangle that fits; when several fit, it must come from a stack with the most triangles left. You win when all 36 are laid, and lose when no top fits.',
          },
          {
            p: 'In both, the result is the number of triangles laid: 36 is a win, anything less a loss, whatever points the multiples made. The **daily solitaire** is a stacks deal that is known to be winnable, the same for everybody on a date.',
          },
          {
            p: 'Good to know: the very first triangle always lies with its red side at the bottom. Turning it would only turn the whole picture, so matchbox does not ask.',
          },
        ],
      },
    ],
  },
  de: {
    lead: 'Leg Dreiecke Seite an Seite, mit gleicher Farbe und Zahl oder mit Vielfachen von fünf. 2 bis 7 Spieler oder eine von zwei Patiencen.',
    tutorial: 'Spielend lernen: eine erste Patience mit Anleitung',
    sections: [
      {
        id: 'start',
        title: 'Was man braucht',
        blocks: [
          {
            p: '36 Dreiecke. Jedes Dreieck hat eine rote, eine gelbe und eine blaue Seite, und jede Seite trägt eine Zahl von 1 bis 10. Ein Dreieck darf man auf dem Tisch drehen, aber nie umdrehen. Auf dem Bildschirm zeigt jede Seite außerdem den Anfangsbuchstaben ihrer Farbe.',
          },
          {
            p: 'Mit 2 bis 7 Spielern nimmt jeder 5 Dreiecke und legt sie offen vor sich hin, für alle sichtbar; der Rest bleibt verdeckt als Vorrat. Wer das Dreieck mit der höchsten Summe seiner drei Zahlen hat, legt es zum Anfang in die Mitte.',
          },
        ],
      },
      {
        id: 'joins',
        title: 'Wie Dreiecke aneinanderpassen',
        blocks: [
          {
            p: 'Wo eine Seite des neuen Dreiecks ein Dreieck auf dem Tisch berührt, müssen beide Seiten **dieselbe Farbe** haben, und ihre Zahlen müssen entweder **gleich** sein (passend, ohne Punkte) oder **zusammen 5, 10, 15 oder 20** ergeben (ein Vielfaches, das diese Summe als Punkte bringt). Zwei Fünfen oder zwei Zehnen sind beides zugleich und zählen.',
          },
          {
            p: 'Normalerweise legst du dein Dreieck an das **zuletzt gelegte Dreieck** an und berührst nur dieses. Stattdessen darf ein Dreieck überall auf dem Tisch liegen, wenn es zwei oder drei Dreiecke zugleich berührt und jede berührende Seite passt: ein **Sonderzug**. Er bringt die Punkte aller Vielfachen, die er bildet, und das nächste Dreieck muss an ihn angelegt werden.',
          },
          {
            figure: 'exceptional',
            caption:
              'Die Dreiecke wurden nacheinander gelegt, jedes an das letzte: Blau 4 an Blau 4 (passend), Gelb 3 an Gelb 7 (10 Punkte), Rot 6 an Rot 6, Blau 2 an Blau 8 (10 Punkte). Das hervorgehobene Dreieck ist ein Sonderzug: Es berührt zwei Dreiecke, Rot 7 an Rot 8 ergibt 15 und Gelb 5 an Gelb 5 ergibt 10, zusammen 25 Punkte.',
            labels: ['neu'],
          },
          {
            p: 'Hat das letzte Dreieck keine freie Seite mehr, kann nur noch ein Sonderzug weitermachen.',
          },
        ],
      },
      {
        id: 'turn',
        title: 'Dein Zug',
        blocks: [
          {
            p: 'Kannst du eines deiner Dreiecke anlegen, musst du es tun (welches der passenden, entscheidest du). Kannst du nicht, ziehst du aus dem Vorrat, ein Dreieck nach dem anderen, bis du kannst, aber nie so viele, dass du mehr als fünf vor dir hättest. Kannst du dann immer noch nicht, setzt du aus. Ziehen und Aussetzen erledigt matchbox für dich: Gefragt wirst du nur, wenn du eine Wahl hast.',
          },
        ],
      },
      {
        id: 'score',
        title: 'Punkte und Ende',
        blocks: [
          {
            p: 'Jedes Vielfache bringt seine Summe, sobald das Dreieck liegt. Eine Runde endet, wenn jemand alle seine Dreiecke gelegt hat: Er gewinnt die Runde, und alle anderen verlieren 5 Punkte für jedes Dreieck, das noch vor ihnen liegt. Setzen alle der Reihe nach aus, ohne dass jemand ein Dreieck legt, ist die Runde blockiert, und niemand verliert etwas.',
          },
          {
            p: 'Ein Beispiel: In einer Runde hat Ben 10, 15 und 25 Punkte gemacht. Ann legt ihr letztes Dreieck, während Ben noch 2 vor sich hat: 10 + 15 + 25 − 2 × 5 = **40** Punkte für Ben in dieser Runde.',
          },
          {
            p: 'Ein Spiel hat 3 Runden (oder 4 oder 5, wenn der Tisch es so wählt; 1 oder 2 für ein kurzes Spiel), und jede Runde beginnt der nächste Spieler. Die höchste Summe gewinnt; gleich hohe Summen an der Spitze teilen sich den Sieg.',
          },
        ],
      },
      {
        id: 'solitaire',
        title: 'Die beiden Patiencen',
        blocks: [
          {
            p: '**Patience mit Reserve.** Die Dreiecke kommen einzeln aus dem verdeckten Vorrat. Eines, das passt, muss gelegt werden; eines, das nicht passt, kommt offen auf deine Reserve. Vor jedem neuen Dreieck muss das oberste der Reserve gelegt werden, wenn es passt. Du gewinnst, wenn alle 36 liegen, und verlierst, wenn der Vorrat leer ist und das oberste der Reserve nirgends passt.',
          },
          {
            p: '**Patience mit Stapeln.** Alle 36 Dreiecke liegen offen in sechs Stapeln zu sechs. Fang mit dem obersten eines beliebigen Stapels an. Dann nimm ein oberstes Dreieck, das passt; passen mehrere, muss es von einem Stapel mit den meisten übrigen Dreiecken kommen. Du gewinnst, wenn alle 36 liegen, und verlierst, wenn kein oberstes mehr passt.',
          },
          {
            p: 'In beiden zählt die Zahl der gelegten Dreiecke: 36 ist ein Sieg, alles darunter eine Niederlage, ganz gleich, wie viele Punkte die Vielfachen gebracht haben. Die **Tages-Patience** ist ein Stapel-Spiel, von dem man weiß, dass es lösbar ist, an einem Tag für alle dasselbe.',
          },
          {
            p: 'Gut zu wissen: Das allererste Dreieck liegt immer mit der roten Seite nach unten. Es zu drehen, würde nur das ganze Bild drehen, darum fragt matchbox nicht danach.',
          },
        ],
      },
    ],
  },
};
