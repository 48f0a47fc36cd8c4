/**
 * MATCHET's bots: its levels, and the exact solver of a Solitaire B position for the worker
 * (Solitaire B's stacks lie face up, ruling MT-10: the position holds nothing the player does not
 * see).
 */
import { matchet, solveMatchet } from '@matchbox/engine';
import type { BotGamePlugin } from '../plugin.ts';
import { matchetBot } from './matchet-bots.ts';

export const matchetBots: BotGamePlugin = {
  id: 'matchet',
  bot: matchetBot,
  solvePosition(save, maxNodes) {
    const loaded = matchet.deserialize(save);
    if (!loaded.ok) return loaded;
    const solved = solveMatchet(loaded.value, { maxNodes });
    return { ok: true, value: { status: solved.status, nodes: solved.nodes } };
  },
};
