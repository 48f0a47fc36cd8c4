/**
 * What a seated person may ask the bots: a hint for their turn (from what their seat knows) and,
 * for an open solitaire (MATCHET's Solitaire B), whether it can still be won. Both run in a bot worker.
 */
import type { Seat, SolveStatus } from '@matchbox/engine';
import type { Hint } from '@matchbox/client/wire';
import type { BotRunner } from './bots.ts';
import { remembers } from './bots.ts';
import type { CommitPath } from './commit-path.ts';
import { seatChanged } from './commit-path.ts';
import type { TableContext } from './live-tables.ts';
import type { Outcome } from './outcome.ts';
import { done, fail } from './outcome.ts';
import { serverPlugin } from './games/index.ts';

export class Advice {
  constructor(
    private readonly ctx: TableContext,
    private readonly bots: BotRunner,
    private readonly commits: CommitPath,
  ) {}

  /**
   * Whether an open solitaire's deal can still be won from the current position: for a game whose
   * plugin calls the table solvable (MATCHET's Solitaire B, MT-10: the stacks lie face up, so the
   * solver sees nothing the player does not).
   */
  async solve(
    id: string,
    seat: Seat,
    holder?: string | null,
  ): Promise<Outcome<{ status: SolveStatus; nodes: number }>> {
    const table = await this.ctx.tables.get(id);
    if (!table) return fail('no_such_table', 'There is no such table.');
    if (holder !== undefined && !(await this.commits.holdsNow(table, seat, holder))) return seatChanged();
    const r = table.record;
    if (serverPlugin(r.game)?.solvable?.(r.options) !== true)
      return fail('not_available', 'Only a MATCHET Solitaire B deal can be solved here.');
    if (seat !== 0) return fail('spectator', 'Only the player may ask.');
    if (r.status === 'waiting') return fail('not_started', 'The game starts when every seat is filled.');
    // In a bot worker: a search of up to 200,000 positions must not hold the event loop.
    const solved = await this.bots.solve(`${id}:solve`, table.game.serialize(table.state), 200_000);
    if (!solved.ok) return { ok: false, error: solved.error };
    return done({ status: solved.status, nodes: solved.nodes });
  }

  /**
   * The expert bots' suggestion for a seated person whose turn it is, computed in a bot worker
   * from that seat's determinization (what the seat knows), never from the real hidden cards.
   */
  async hint(
    id: string,
    seat: Seat,
    holder?: string | null,
  ): Promise<Outcome<{ version: number; hint: Hint }>> {
    const table = await this.ctx.tables.get(id);
    if (!table) return fail('no_such_table', 'There is no such table.');
    // A hint is worked out from the seat's cards: only for whoever holds the seat now.
    if (holder !== undefined && !(await this.commits.holdsNow(table, seat, holder))) return seatChanged();
    const r = table.record;
    if (r.status === 'waiting') return fail('not_started', 'The game starts when every seat is filled.');
    if (r.status !== 'playing') return fail('game_over', 'The game is over.');
    if (!table.game.toAct(table.state).includes(seat)) return fail('not_your_turn', 'It is not your turn.');
    const version = table.version;
    const answer = await this.bots.hint({
      key: `${id}:${seat}`,
      game: r.game,
      save: table.game.serialize(table.state),
      seat,
      level: 'expert',
      // Not the table's seed: a hint's randomness needs no secret.
      seed: `hint:${id}:${seat}:${version}`,
      // A bot that remembers weighs the choices knowing what this seat has seen (Sweet16).
      ...(remembers(r.game, 'expert') ? { observed: table.observed(seat).slice() } : {}),
    });
    if (!answer.ok) return { ok: false, error: answer.error };
    return done({ version, hint: answer.hint });
  }
}
