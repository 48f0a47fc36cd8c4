/** Terminal drawing of a MatchMaster view: scores, bids, the trick so far and your hand. */
import type { MatchMasterView } from '@matchbox/engine';
import type { ViewRenderer } from '../plugin.ts';

const SUIT_LABEL: Record<string, string> = {
  do: 'dark orange (trump)',
  lo: 'light orange',
  db: 'dark blue',
  lb: 'light blue',
};

const seatName = (seat: number, viewer: number | null) =>
  seat === viewer ? `You (seat ${seat})` : `Seat ${seat}`;

export const renderMatchmaster: ViewRenderer<MatchMasterView> = (v, viewer) => {
  const lines: string[] = [];
  lines.push(
    `MatchMaster - hand ${v.hand} of ${v.hands} (${v.handSize} card${v.handSize === 1 ? '' : 's'}), dealer: seat ${v.dealer}, trump: dark orange (do)`,
  );
  lines.push('');
  lines.push('  seat              total   bid  tricks  cards');
  for (let s = 0; s < v.players; s++) {
    const bid = v.bids[s];
    const bidText = bid !== null && bid !== undefined ? String(bid) : v.hasBid[s] ? 'set' : '...';
    const marker = v.toAct.includes(s) ? '>' : ' ';
    lines.push(
      `${marker} ${seatName(s, viewer).padEnd(16)} ${String(v.totals[s]).padStart(6)} ${bidText.padStart(5)} ${String(v.tricksWon[s]).padStart(7)} ${String(v.handCounts[s]).padStart(6)}`,
    );
  }
  if (v.tricks.length > 0) {
    const last = v.tricks[v.tricks.length - 1]!;
    lines.push('');
    lines.push(`Last trick: ${last.cards.map((c) => `${c.card} (seat ${c.seat})`).join(', ')}`);
  }
  if (v.phase === 'play') {
    lines.push('');
    lines.push(
      v.trick.cards.length === 0
        ? 'Trick: (empty, waiting for the lead)'
        : `Trick: ${v.trick.cards.map((c) => `${c.card} (seat ${c.seat})`).join(', ')}`,
    );
  }
  if (v.myHand) {
    lines.push('');
    lines.push('Your hand:');
    for (const suit of Object.keys(SUIT_LABEL)) {
      const cards = v.myHand.filter((c) => c.startsWith(suit));
      if (cards.length > 0) lines.push(`  ${SUIT_LABEL[suit]!.padEnd(20)} ${cards.join(' ')}`);
    }
  }
  return lines.join('\n');
};
