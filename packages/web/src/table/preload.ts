/**
 * Opening a table, its round trips side by side: as soon as the route names a table (before the
 * table page's own chunk has arrived) the table's summary is asked for, and the game's board and
 * words start loading once the game is known, from this browser's ticket at once or else from the
 * summary. The table page then takes that summary instead of asking again.
 */
import type { TableSummary } from '../api.ts';
import { api } from '../api.ts';
import { webGame } from '../games/index.ts';
import { i18next } from '../i18n/index.ts';
import { ticketFor } from '../tickets.ts';

/** The table the route opened last, and its summary until the table page takes it. */
let opened: { tableId: string; summary: Promise<TableSummary> | null } | null = null;
const warm = new Set<string>();

/** Starts the game's board and log chunks and its words (and the table's tools and errors) loading. */
function warmGame(game: string): void {
  const plugin = webGame(game);
  if (!plugin || warm.has(plugin.id)) return;
  warm.add(plugin.id);
  // A failure here is the table page's to show, when it loads them itself.
  plugin.board().catch(() => warm.delete(plugin.id));
  plugin.log().catch(() => undefined);
  i18next.loadNamespaces([plugin.id, 'tools', 'errors']).catch(() => undefined);
}

/** The route opens a table: ask for its summary and warm its game, once per table opened. */
export function preloadTable(tableId: string): void {
  if (opened?.tableId === tableId) return;
  const game = ticketFor(tableId)?.game;
  if (game) warmGame(game);
  const summary = api.table(tableId);
  summary.then(
    (s) => warmGame(s.game),
    () => undefined,
  );
  opened = { tableId, summary };
}

/** The table's summary: the one the route asked for (once), else a new question to the server. */
export function tableSummary(tableId: string): Promise<TableSummary> {
  if (opened?.tableId === tableId && opened.summary) {
    const { summary } = opened;
    opened.summary = null;
    return summary;
  }
  return api.table(tableId);
}
