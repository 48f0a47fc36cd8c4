/** Terminal drawing of a MATCH! view: totals, the pile and its target, every collection, your hand. */
import type { MatchView } from '@matchbox/engine';
import type { ViewRenderer } from '../plugin.ts';

const COLOURS = ['r', 'y', 'g', 'b', 'p'] as const;
const COLOUR_NAME: Record<string, string> = { r: 'red', y: 'yellow', g: 'green', b: 'blue', p: 'purple' };

const seatName = (seat: number, viewer: number | null) =>
  seat === viewer ? `You (seat ${seat})` : `Seat ${seat}`;

export const renderMatch: ViewRenderer<MatchView> = (v, viewer) => {
  const lines: string[] = [];
  lines.push(
    `MATCH! - round ${v.round}, turn ${v.turn + 1}, game to ${v.targetScore} points, seat ${v.starter} started this round`,
  );
  lines.push('');
  lines.push('  seat              total  cards  collected  collection (stacks bottom..top)');
  for (let s = 0; s < v.players; s++) {
    const marker = v.toAct.includes(s) ? '>' : ' ';
    const stacks = COLOURS.map((c) => v.collections[s]?.[c] ?? [])
      .filter((st) => st.length > 0)
      .map((st) => st.join(' '))
      .join(' | ');
    lines.push(
      `${marker} ${seatName(s, viewer).padEnd(16)} ${String(v.totals[s]).padStart(6)} ${String(v.handSizes[s]).padStart(6)} ${String(v.collectionPoints[s]).padStart(10)}  ${stacks || '-'}`,
    );
  }
  if (v.rounds.length > 0) {
    const last = v.rounds[v.rounds.length - 1]!;
    lines.push('');
    lines.push(`Round ${last.round} (ended by seat ${last.endedBy}) scored: ${last.scores.join(', ')}`);
  }
  lines.push('');
  const top = v.pile[v.pile.length - 1] ?? '?';
  const target = `${COLOUR_NAME[v.target.colour] ?? v.target.colour} ${v.target.value} (${v.target.colour}${v.target.value})`;
  lines.push(
    v.wildOnTop
      ? `Discard pile: wildcard on top, declared ${target}   (${v.pile.length} cards, deck ${v.deckSize})`
      : `Discard pile: ${top} on top   (${v.pile.length} cards, deck ${v.deckSize})`,
  );
  if (v.lastTurn)
    lines.push(
      `Last turn: ${v.lastTurn.seat === viewer ? 'you' : `seat ${v.lastTurn.seat}`} ${v.lastTurn.action}`,
    );
  if (v.phase === 'play') {
    lines.push(`To match: ${target}, same colour or same number`);
    if (v.forcedDiscard)
      lines.push(
        v.toAct[0] === viewer
          ? 'You have a matching collection card on top and must discard.'
          : `Seat ${v.toAct[0]} has a matching collection card on top and must discard.`,
      );
  } else {
    lines.push('The game is over.');
  }
  if (v.myHand) {
    lines.push('');
    lines.push(`Your hand: ${v.myHand.length > 0 ? v.myHand.join(' ') : '(empty)'}`);
  }
  return lines.join('\n');
};
