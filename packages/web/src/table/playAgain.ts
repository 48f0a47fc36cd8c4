import type { SeatSpec, TableSummary } from '@matchbox/client';
import type { TFunction } from 'i18next';
import { api } from '../api.ts';
import { navigate } from '../router.ts';
import { storedName, validName } from '../settings.ts';
import { saveTicket } from '../tickets.ts';

/**
 * A new table with the same game, options, bots, visibility and clock as `table`; the seats that
 * people held are open again, and this person takes the first of them. Goes to the new table.
 */
export async function playAgain(table: TableSummary, _mySeat: number | null, t: TFunction): Promise<void> {
  const seats: SeatSpec[] = table.seats.map((s) =>
    s.kind === 'bot' ? { kind: 'bot', level: s.level ?? 'medium' } : { kind: 'open' },
  );
  if (!seats.some((s) => s.kind === 'open')) seats[0] = { kind: 'open' };
  const name = validName(storedName()) ? storedName() : t('name.default');
  const reply = await api.createTable({
    game: table.game,
    players: table.players,
    options: table.options as Record<string, never>,
    seats,
    name,
    public: table.public,
    ...(table.clockSeconds ? { clockSeconds: table.clockSeconds } : {}),
  });
  if (reply.ticket) saveTicket({ ...reply.ticket, game: table.game, inviteUrl: reply.inviteUrl });
  navigate(`/t/${reply.table.id}`);
}
