/**
 * `matchbox connect <invite link | server URL>`: plays a table on a matchbox server from the
 * terminal with the same renderers as `play`. With an invite link it takes the next free seat;
 * with a server URL it creates a table (`--game`, `--players`, `--open N` seats for friends, the
 * rest bots at `--level`) and prints the invite link. Seat tokens are kept in
 * ~/.matchbox/tickets.json (or $MATCHBOX_HOME), so running the same link again returns to the
 * same seat, and the connection survives a server restart by itself. The table's chat is printed
 * as it comes, and `say <words>` writes in it at any time.
 */
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { homedir } from 'node:os';
import { dirname, join } from 'node:path';
import type { ChatLine, ChatPhrase, SeatTicket, TableUpdate } from '@matchbox/client';
import { BOT_LEVELS, MatchboxClient, MatchboxError, parseInviteUrl } from '@matchbox/client';
import type { JsonObject } from '@matchbox/engine';
import { GAMES, getGame } from '@matchbox/engine';
import { refusalWords } from '@matchbox/client/words/refusals';
import { flag, hasFlag, parseCommandLine, positiveFlag, usageError } from '../args.ts';
import { TERMINAL_LANGUAGE, describeEvent } from '../describe-event.ts';
import { LineReader } from '../lines.ts';
import { renderView } from '../render/index.ts';

const USAGE =
  'usage: matchbox connect <invite link | server URL> [--name NAME] [--game ID --players N --open K --level LEVEL --public]';

interface Tickets {
  [tableId: string]: { server: string; token: string; seat: number };
}

const ticketsFile = (): string =>
  join(process.env.MATCHBOX_HOME ?? join(homedir(), '.matchbox'), 'tickets.json');

function loadTickets(): Tickets {
  try {
    return JSON.parse(readFileSync(ticketsFile(), 'utf8')) as Tickets;
  } catch {
    return {};
  }
}

function saveTicket(server: string, ticket: SeatTicket): void {
  const all = loadTickets();
  all[ticket.tableId] = { server, token: ticket.token, seat: ticket.seat };
  mkdirSync(dirname(ticketsFile()), { recursive: true });
  writeFileSync(ticketsFile(), JSON.stringify(all, null, 2), { mode: 0o600 });
}

export async function connectCommand(argv: string[]): Promise<number> {
  const parsed = parseCommandLine(argv, {
    values: ['name', 'game', 'players', 'open', 'level'],
    switches: ['public'],
    positionals: 1,
  });
  if (!parsed.ok) return usageError(parsed.error.message, USAGE);
  const args = parsed.value;
  if (hasFlag(args, 'help')) {
    console.log(USAGE);
    return 0;
  }
  const target = args.positionals[0];
  if (!target) return usageError('Give an invite link or a server URL.', USAGE);
  const name = flag(args, 'name') ?? process.env.USER ?? 'Player';
  const invite = parseInviteUrl(target);
  let server: string;
  let ticket: SeatTicket;
  try {
    if (invite) {
      server = invite.baseUrl;
      const kept = loadTickets()[invite.tableId];
      if (kept && kept.server === server) {
        ticket = { tableId: invite.tableId, seat: kept.seat, token: kept.token };
        console.log(`Back at table ${invite.tableId}, seat ${kept.seat}.`);
      } else {
        const client = new MatchboxClient(server);
        const joined = await client.join(invite.tableId, {
          name,
          ...(invite.invite ? { invite: invite.invite } : {}),
        });
        ticket = joined;
        saveTicket(server, ticket);
        console.log(`You sit at seat ${ticket.seat} of table ${ticket.tableId}.`);
      }
    } else {
      let url: URL;
      try {
        url = new URL(target);
      } catch {
        return usageError(`"${target}" is neither an invite link nor a server URL.`, USAGE);
      }
      server = url.origin;
      // Without --game, the registry's first game.
      const gameId = flag(args, 'game') ?? GAMES[0]!.meta.id;
      const game = getGame(gameId);
      if (!game) return usageError(`Unknown game "${gameId}".`, USAGE);
      const players = positiveFlag(args, 'players', game.meta.defaultPlayers);
      if (!players.ok) return usageError(players.error.message, USAGE);
      const open = positiveFlag(args, 'open', 1);
      if (!open.ok) return usageError(open.error.message, USAGE);
      const level = flag(args, 'level') ?? 'medium';
      if (!(BOT_LEVELS as readonly string[]).includes(level))
        return usageError(`--level is one of ${BOT_LEVELS.join(', ')}.`, USAGE);
      if (open.value > players.value) return usageError('--open cannot exceed --players.', USAGE);
      const client = new MatchboxClient(server);
      const created = await client.createTable({
        game: gameId,
        players: players.value,
        name,
        public: hasFlag(args, 'public'),
        seats: Array.from({ length: players.value }, (_, i) =>
          i < open.value ? { kind: 'open' as const } : { kind: 'bot' as const, level: level as 'medium' },
        ),
      });
      ticket = created.ticket!;
      saveTicket(server, ticket);
      console.log(`Table ${ticket.tableId} created; you sit at seat ${ticket.seat}.`);
      if (open.value > 1) console.log(`Invite your friends: ${created.inviteUrl}`);
    }
  } catch (error) {
    if (error instanceof MatchboxError) {
      console.error(refusalWords(error, TERMINAL_LANGUAGE));
      return 1;
    }
    console.error(`Cannot reach the server: ${error instanceof Error ? error.message : String(error)}`);
    return 1;
  }
  return playRemote(server, ticket);
}

/** Shows every update and sends what the person types when it is their turn. */
async function playRemote(server: string, ticket: SeatTicket): Promise<number> {
  const conn = new MatchboxClient(server).connect(ticket.tableId, ticket.token);
  const lines = new LineReader();
  let shownVersion = -1;
  let shownSeats = '';
  const seatLine = (u: TableUpdate) =>
    u.seats
      .map(
        (s) => `${s.seat}:${s.kind === 'open' ? 'open' : `${s.name ?? ''}${s.connected ? '' : ' (away)'}`}`,
      )
      .join('  ');
  const show = (u: TableUpdate) => {
    // A table waiting for its players has no game yet (no cards, no view): only its seats.
    if (u.status === 'waiting') {
      if (seatLine(u) === shownSeats) return;
      shownSeats = seatLine(u);
      const open = u.seats.filter((s) => s.kind === 'open').length;
      console.log(`Waiting for players (${open} open): ${shownSeats}`);
      return;
    }
    const game = getGame((u.view as { game?: string } | null)?.game ?? '') ?? null;
    const names: string[] = [];
    for (const s of u.seats) names[s.seat] = s.name ?? '';
    for (const e of u.events)
      console.log(`  ${describeEvent(e as never, u.seat, game?.meta.id, { names, view: u.view })}`);
    if (u.version === shownVersion && u.legal.length === 0) return;
    shownVersion = u.version;
    console.log('');
    console.log(renderView(game?.meta.id ?? '', u.view as JsonObject, u.seat));
    console.log(`${u.turn}   ${seatLine(u)}`);
  };
  conn.socket.on('disconnect', () => console.log('(connection lost; reconnecting...)'));
  conn.onUpdate(show);
  // Chat lines as they come (the history first): quick phrases in words.
  let chatShown = 0;
  conn.onChat((chat) => {
    for (const l of chat.slice(chatShown)) console.log(`  ${chatLineText(l)}`);
    chatShown = chat.length;
  });
  try {
    await conn.ready;
  } catch (error) {
    console.error(error instanceof Error ? error.message : String(error));
    conn.close();
    lines.close();
    return 1;
  }
  console.log('Type "say <words>" to chat with the table at any time, "q" to leave.');
  let promptedVersion = -1;
  /** A choice typed before this seat's turn: it answers the next turn's prompt. */
  let early: string | null = null;
  for (;;) {
    const u = conn.latest!;
    if (u.status === 'finished') {
      console.log('The game is over.');
      break;
    }
    const mine = u.status === 'playing' && u.legal.length > 0;
    if (mine && u.version !== promptedVersion) {
      promptedVersion = u.version;
      console.log(`Your choices: ${u.legal.map((c, i) => `[${i + 1}] ${c.text}`).join('  ')}`);
    }
    // A line typed, or the game moved on to this seat's turn (or its end) meanwhile.
    let next: string | null | typeof NEW_TURN = early;
    if (!mine || early === null) {
      const turn = nextTurn(conn, promptedVersion);
      next = await Promise.race([
        lines.ask(mine ? '> ' : ''),
        turn.promise.then((): typeof NEW_TURN => NEW_TURN),
      ]);
      turn.cancel();
    }
    early = null;
    if (next === NEW_TURN) continue;
    if (next === null || next.trim() === 'q') break;
    const text = next.trim();
    if (text === '') continue;
    const said = /^say\s+(.+)$/i.exec(text);
    if (said) {
      const ack = await conn.say(said[1]!);
      if (!ack.ok) console.log(refusalWords(ack.error, TERMINAL_LANGUAGE));
      continue;
    }
    if (!mine) {
      early = text;
      await nextTurn(conn, promptedVersion).promise;
      continue;
    }
    const n = Number(text);
    const choice = Number.isInteger(n) && /^\d+$/.test(text) ? u.legal[n - 1]?.text : text;
    if (choice === undefined) {
      console.log(`There is no choice ${text}.`);
      continue;
    }
    const ack = await conn.act(choice);
    if (!ack.ok) console.log(`${ack.error.message} (${ack.error.code})`);
  }
  conn.close();
  lines.close();
  return 0;
}

const NEW_TURN: unique symbol = Symbol('new turn');

/** The English words of a quick phrase, for the terminal. */
const PHRASE_TEXT: Record<ChatPhrase, string> = {
  hello: 'Hello!',
  good_luck: 'Good luck!',
  good_game: 'Good game!',
  well_played: 'Well played!',
  one_moment: 'One moment, please.',
  thanks: 'Thanks!',
  oops: 'Oops!',
  bye: 'Bye!',
};

/** One chat line as the terminal prints it: `[chat] Ada: Hello`. */
export function chatLineText(line: ChatLine): string {
  const who = line.seat === null ? `${line.name} (watching)` : line.name;
  return `[chat] ${who}: ${line.text ?? (line.phrase ? PHRASE_TEXT[line.phrase] : '')}`;
}

/**
 * The next update that ends the game or brings a turn not yet offered (`prompted`: its version);
 * `cancel` stops listening (no timer keeps the process alive after the game).
 */
function nextTurn(
  conn: ReturnType<MatchboxClient['connect']>,
  prompted: number,
): { promise: Promise<void>; cancel: () => void } {
  const ready = (u: TableUpdate) =>
    u.status === 'finished' || (u.status === 'playing' && u.legal.length > 0 && u.version !== prompted);
  let cancel = () => undefined as unknown;
  const promise = new Promise<void>((resolve) => {
    if (conn.latest && ready(conn.latest)) return resolve();
    const off = conn.onUpdate((u) => {
      if (!ready(u)) return;
      off();
      resolve();
    });
    cancel = off;
  });
  return { promise, cancel: () => void cancel() };
}
