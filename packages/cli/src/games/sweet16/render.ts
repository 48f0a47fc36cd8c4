/**
 * Terminal drawing of a Sweet16 view: the grid (face-up cards, `??` face down, blanks for holes),
 * the clique on the table, this turn's flips, the set being scored, piles and diamonds. With the
 * memory aid, remembered face-down cards are drawn in brackets; a card you are looking at right
 * now is drawn in angle brackets. No rules here: only the view.
 */
import type { Sweet16View } from '@matchbox/engine';
import type { ViewRenderer } from '../plugin.ts';

const PHASE_HELP: Record<Sweet16View['phase'], string> = {
  flip: 'flip a face-down card: "flip B3"',
  joker: 'declare the Joker: "joker 1" .. "joker 13"',
  back: 'put one card back: "back B3"',
  activate: 'activate a card ("activate B3") or "skip"',
  club: 'steal a diamond ("steal 7D") or "skip"',
  heart: 'heart: look at a face-down card: "look B3"',
  spade: 'spade: look at a face-down card: "look B3"',
  tryst: 'score 2+ cards of one of your lines totalling 16: "tryst A3 C3", or "pass"',
  take: 'heart: take one more heart: "take B5"',
  bury: 'spade: bury a grid card: "bury B5"',
  over: 'the game is over',
};

const seatName = (seat: number, viewer: number | null) =>
  seat === viewer ? `You (seat ${seat})` : `Seat ${seat}`;

export const renderSweet16: ViewRenderer<Sweet16View> = (v, viewer) => {
  const lines: string[] = [];
  const duel = v.mode === 'duel';
  lines.push(
    `Sweet16: Matchmaker${duel ? ' - duel (experimental): seat 0 plays rows, seat 1 columns' : ''}${v.gridNumber !== undefined ? ` - grid ${v.gridNumber} of ${v.grids}` : ''} - turn ${v.turn}, ${v.inGrid} cards in the grid`,
  );
  const letters = Array.from({ length: v.cols }, (_, c) => String.fromCharCode(65 + c));
  const clique = new Set(v.clique?.cells ?? []);
  const flipped = new Set(v.flipped ?? []);
  const scoring = new Set(v.scoring?.cells ?? []);
  lines.push('');
  lines.push('      ' + letters.map((l) => l.padEnd(6)).join(''));
  for (let r = 0; r < v.rows; r++) {
    const cells = v.grid[r]!.map((card, c) => {
      const pos = `${letters[c]}${r + 1}`;
      let text: string;
      if (card === null) text = '  .  ';
      else if (card === '?') {
        const peek = v.peeks?.[pos];
        const mem = v.memory?.[pos];
        text = peek ? `<${peek}>` : mem ? `[${mem.card}]` : ' ?? ';
      } else {
        const mark = scoring.has(pos) ? '*' : flipped.has(pos) ? '!' : clique.has(pos) ? '^' : ' ';
        text = `${mark}${card}${v.jokers?.[pos] !== undefined ? `=${v.jokers[pos]}` : ''}`;
      }
      return text.padEnd(6);
    });
    lines.push(`${String(r + 1).padStart(3)}  ${cells.join('')}`);
  }
  lines.push('');
  if (duel) lines.push('  * being scored   .  a hole (scored or buried)');
  else {
    lines.push('  ! flipped this turn   ^ clique on the table   * being scored   ?? face down   .  a hole');
    if (v.memoryAid) lines.push('  [xx] you remember this face-down card   <xx> you are looking at it now');
    else lines.push('  <xx> you are looking at it now (memory aid off: remember it yourself)');
    if (v.clique) lines.push(`Clique on the table: seat ${v.clique.owner}, total ${v.clique.total}`);
    if ((v.flipped ?? []).length > 0) lines.push(`Flipped this turn: ${v.flipped!.join(' ')} = ${v.total}`);
    if ((v.notHeart ?? []).length > 0) lines.push(`Known not to be hearts: ${v.notHeart!.join(' ')}`);
  }
  if (duel && v.buried && v.buried.length > 0) lines.push(`Buried: ${v.buried.join(' ')}`);
  if (v.scoring) {
    const s = v.scoring;
    const parts = [`Scoring a ${s.kind}: ${s.cells.join(' ') || '-'}`];
    if (s.putBack) parts.push(`put back ${s.putBack}`);
    if (s.activated) parts.push(`activated ${s.activated}`);
    if (s.looks.length > 0) parts.push(`${duel ? 'buried' : 'looked at'} ${s.looks.join(' ')}`);
    lines.push(parts.join(', '));
  }
  lines.push('');
  lines.push('  seat              score  pile  diamonds');
  for (let seat = 0; seat < v.players; seat++) {
    const marker = v.toPlay === seat ? '>' : ' ';
    const role = duel ? (seat === 0 ? ' rows' : ' cols') : '';
    lines.push(
      `${marker} ${(seatName(seat, viewer) + role).padEnd(16)} ${String(v.scores[seat]).padStart(6)} ${String(v.piles[seat]).padStart(5)}  ${(v.diamonds[seat] ?? []).join(' ')}`,
    );
  }
  lines.push('');
  if (v.winners) lines.push(`Game over. Winner: ${v.winners.map((w) => seatName(w, viewer)).join(', ')}`);
  else if (v.toPlay !== null) {
    const help = PHASE_HELP[v.phase];
    lines.push(
      v.toPlay === viewer
        ? `Your move: ${help}${v.canStop ? ', or "stop" to leave a clique' : ''}`
        : `Waiting for seat ${v.toPlay} (${v.phase}).`,
    );
  }
  return lines.join('\n');
};
