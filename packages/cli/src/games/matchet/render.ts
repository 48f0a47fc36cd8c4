/**
 * Terminal drawing of a MATCHET view: the triangular board as a grid of cells (▲ upward,
 * ▼ downward, the last tile starred), each placed tile's sides by the direction they face, then
 * the tiles in front of the players, the reserve or the stacks. Draws the view only, no rules.
 */
import type { MatchetBoardTile, MatchetCell, MatchetView } from '@matchbox/engine';
import type { ViewRenderer } from '../plugin.ts';

const ORDER_UP = ['L', 'R', 'B'];
const ORDER_DOWN = ['T', 'L', 'R'];
const CELL = 7;

function drawBoard(board: readonly MatchetBoardTile[], last: MatchetCell | null): string[] {
  if (board.length === 0) return ['  (empty: the first tile goes on 0,0 with its red side down)'];
  const rows = board.map((p) => p.row);
  const cols = board.map((p) => p.col);
  const r0 = Math.min(...rows) - 1;
  const r1 = Math.max(...rows) + 1;
  const c0 = Math.min(...cols) - 1;
  const c1 = Math.max(...cols) + 1;
  const at = new Map(board.map((p) => [`${p.row},${p.col}`, p]));
  const out: string[] = [];
  let header = '       ';
  for (let c = c0; c <= c1; c++) header += String(c).padStart(4).padEnd(CELL);
  out.push(header);
  for (let r = r0; r <= r1; r++) {
    let line = `  ${String(r).padStart(3)}  `;
    for (let c = c0; c <= c1; c++) {
      const up = (((r + c) % 2) + 2) % 2 === 0;
      const p = at.get(`${r},${c}`);
      const star = last && last.row === r && last.col === c ? '*' : ' ';
      line += (p ? `${up ? '▲' : '▼'}${p.tile}${star}` : `${up ? '△' : '▽'}  · `).padEnd(CELL);
    }
    out.push(line.trimEnd());
  }
  return out;
}

function tileLine(p: MatchetBoardTile): string {
  const order = p.up ? ORDER_UP : ORDER_DOWN;
  const sides = order.map((d) => `${d}:${p.sides[d] ?? '?'}`.padEnd(5)).join(' ');
  const pts = p.points > 0 ? `  +${p.points}` : '';
  return `  ${p.tile} ${p.up ? '▲' : '▼'} ${`${p.row},${p.col}`.padEnd(6)} ${sides}${pts}`;
}

export const renderMatchet: ViewRenderer<MatchetView> = (v, viewer) => {
  const lines: string[] = [];
  const spec = (t: string) => `${t}(${v.tileSides[t] ?? '?'})`;
  if (v.mode === 'multi') {
    lines.push(`MATCHET - round ${v.round} of ${v.rounds}, pool: ${v.pool} face down`);
  } else {
    const title = v.mode === 'reserve' ? 'Solitaire A (reserve)' : 'Solitaire B (six stacks)';
    const state = v.outcome ? `: ${v.outcome.toUpperCase()}` : '';
    lines.push(`MATCHET ${title} - placed ${v.placed} of ${v.tileCount}, points ${v.points}${state}`);
  }
  lines.push('');
  lines.push(...drawBoard(v.board, v.last));
  if (v.board.length > 0) {
    lines.push('');
    lines.push('  tile    cell    sides by the direction they face (clockwise from red: see tile list)');
    for (const p of v.board) lines.push(tileLine(p));
  }
  lines.push('');
  if (v.mode === 'multi') {
    lines.push('  seat              total  tiles in front (sides clockwise from red)');
    for (let s = 0; s < v.players; s++) {
      const marker = v.toAct.includes(s) ? '>' : ' ';
      const name = s === viewer ? `You (seat ${s})` : `Seat ${s}`;
      lines.push(
        `${marker} ${name.padEnd(16)} ${String(v.totals?.[s] ?? 0).padStart(6)}  ${(v.hands?.[s] ?? []).map(spec).join(' ')}`,
      );
    }
    for (const h of v.history ?? [])
      lines.push(
        `  round ${h.round}: ${h.winner === null ? 'blocked' : `seat ${h.winner} went out`}, points ${h.points.join(' / ')}`,
      );
  } else if (v.mode === 'reserve') {
    lines.push(
      `  to place: ${v.current ? `${spec(v.current)}${v.fromReserve ? ' (from the reserve)' : ' (drawn)'}` : '-'}`,
    );
    lines.push(
      `  reserve (bottom to top): ${(v.reserve ?? []).map(spec).join(' ') || '-'}   pool: ${v.pool}`,
    );
  } else {
    lines.push('  stacks:');
    (v.stacks ?? []).forEach((s, k) =>
      lines.push(
        `    ${k + 1}: ${String(s.height).padStart(2)} left, top ${s.top ? spec(s.top) : '-'}${
          s.beneath.length > 0 ? `   beneath: ${s.beneath.join(' ')}` : ''
        }`,
      ),
    );
  }
  lines.push('');
  lines.push('  Actions: tile@row,col:side-red-faces, e.g. T05@1,0:T (▲ cells: R/B/L, ▼ cells: T/R/L).');
  return lines.join('\n');
};
