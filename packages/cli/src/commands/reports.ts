/**
 * `matchbox reports`: an operator reads the open reports of a matchbox server (who reported whom
 * at which table, why, when, and the table's chat as it was then) and closes them, against the
 * server's store: the SQLite file in the data folder `--data`, else `DATABASE_URL` (PostgreSQL),
 * else the SQLite file in `MATCHBOX_DATA` (default `data`). The server package is loaded only by this command.
 */
import type { Report } from '@matchbox/server/operator';
import { flag, hasFlag, parseCommandLine, usageError } from '../args.ts';

const USAGE = [
  'usage: matchbox reports [--closed] [--json] [--data DIR]   list the open (or closed) reports',
  '       matchbox reports close <id> [--data DIR]            close one',
  'The store: DIR/matchbox.db with --data, else DATABASE_URL (PostgreSQL, DATABASE_SCHEMA), else',
  'the data folder MATCHBOX_DATA (default data).',
].join('\n');

const ID = /^[A-Za-z0-9_-]{1,32}$/;

/** Text from strangers, as the terminal shows it: no control or direction-changing characters. */
const plain = (text: string) => text.replace(/[\p{Cc}\p{Cf}]/gu, ' ');

const when = (ms: number) => new Date(ms).toISOString().replace('T', ' ').slice(0, 16);

/** One report in words: the header line, the note, and the chat's copy indented. */
export function describeReport(r: Report): string[] {
  const seat = r.seat === null ? 'a spectator' : `seat ${r.seat + 1}`;
  const lines = [
    `${r.id}  ${when(r.createdAt)}  ${r.reason}  table ${r.tableId} (${r.game})`,
    `  reported: ${plain(r.reportedName)} (${seat}${r.reported ? `, ${r.reported}` : ''}) by ${r.reporter}`,
  ];
  if (r.note) lines.push(`  note: ${plain(r.note)}`);
  if (r.lineId) lines.push(`  line: ${r.lineId}`);
  if (r.status === 'closed' && r.closedAt !== null) lines.push(`  closed ${when(r.closedAt)}`);
  lines.push(r.chat.length === 0 ? '  (no chat)' : '  chat:');
  for (const l of r.chat) {
    const mark = l.id === r.lineId ? '>' : ' ';
    lines.push(
      `  ${mark} ${when(l.at).slice(11)} ${plain(l.name)}: ${plain(l.text ?? `[${l.phrase ?? ''}]`)}`,
    );
  }
  return lines;
}

export async function reportsCommand(argv: string[]): Promise<number> {
  const parsed = parseCommandLine(argv, { switches: ['closed', 'json'], values: ['data'], positionals: 2 });
  if (!parsed.ok) return usageError(parsed.error.message, USAGE);
  const args = parsed.value;
  if (hasFlag(args, 'help')) {
    console.log(USAGE);
    return 0;
  }
  const [verb, id] = args.positionals;
  if (verb !== undefined && verb !== 'close') return usageError(`Unknown reports command "${verb}".`, USAGE);
  if (verb === 'close' && (id === undefined || !ID.test(id)))
    return usageError('Which report? Give its id.', USAGE);
  const operator = await import('@matchbox/server/operator');
  let opened: Awaited<ReturnType<typeof operator.openServerStore>>;
  try {
    opened = await operator.openServerStore(process.env, flag(args, 'data'));
  } catch (e) {
    console.error(e instanceof Error ? e.message : String(e));
    return 1;
  }
  try {
    if (verb === 'close') {
      const closed = await operator.closeReport(opened.db, id!);
      console.log(closed ? `Closed report ${id}.` : `There is no open report ${id}.`);
      return closed ? 0 : 1;
    }
    const reports = await operator.listReports(opened.db, hasFlag(args, 'closed') ? 'closed' : 'open');
    if (hasFlag(args, 'json')) console.log(JSON.stringify(reports));
    else if (reports.length === 0)
      console.log(hasFlag(args, 'closed') ? 'No closed reports.' : 'No open reports.');
    else console.log(reports.flatMap((r) => [...describeReport(r), '']).join('\n'));
    return 0;
  } finally {
    await opened.db.destroy();
  }
}
