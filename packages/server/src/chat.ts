/**
 * A table's chat: seated players talk, spectators read (and write where the table allows it).
 * Every line is checked against what the writer's token holds at that moment (a seat that was
 * left or taken over cannot talk with its old token), cleaned of control and direction-changing
 * characters, bounded in length and number, stored with the table (so a reload and a replay show
 * it) and sent to every channel of the table. The channels are socket.io rooms, so the line
 * reaches the table's sockets on every node of a cluster the way updates do. Bots never talk.
 */
import type { ChatLine, ChatPhrase, WireError } from '@matchbox/client/wire';
import { CHAT_MAX_CHARS, cleanChatText } from '@matchbox/client/wire';
import type { Coordinator } from './cluster.ts';
import type { Store, TableRecord } from './store.ts';
import { randomId, secretMatches } from './tokens.ts';

/** How many lines one table keeps at most; past it the chat is full. */
export const CHAT_LINES_PER_TABLE = 1000;
/** How many lines a client is given when it opens the table. */
export const CHAT_HISTORY = 200;

/** Where chat lines go: every channel of a table (its seats and its spectators). */
export interface ChatOut {
  chat(tableId: string, players: number, line: ChatLine): void;
}

export type ChatOutcome<T> = { ok: true; value: T } | { ok: false; error: WireError };
const fail = (code: string, message: string): { ok: false; error: WireError } => ({
  ok: false,
  error: { code, message },
});

export interface SayInput {
  readonly text?: string | undefined;
  readonly phrase?: ChatPhrase | undefined;
  /** A spectator's name. */
  readonly name?: string | undefined;
}

export class TableChat {
  constructor(
    private readonly store: Store,
    private readonly out: ChatOut,
    private readonly coordinator: Coordinator,
    /** This node's copy of a table's record when it is current, else null. */
    private readonly current: (tableId: string) => TableRecord | null,
    private readonly now: () => number = Date.now,
  ) {}

  /**
   * One line from the connection holding `token` (undefined: a spectator). The seat is looked up
   * now, from the stored table in a cluster (another node may have let the seat go a moment ago).
   */
  async say(tableId: string, token: string | undefined, input: SayInput): Promise<ChatOutcome<ChatLine>> {
    const record =
      (this.coordinator.clustered ? null : this.current(tableId)) ?? (await this.store.getTable(tableId));
    if (!record || record.status === 'archived') return fail('no_such_table', 'There is no such table.');
    let seat: number | null = null;
    let name: string;
    if (token !== undefined) {
      seat = record.seats.findIndex((s) => s.kind === 'human' && secretMatches(token, s.tokenHash));
      if (seat < 0) return fail('not_seated', 'You no longer hold a seat at this table.');
      name = record.seats[seat]!.name ?? `${seat + 1}`;
    } else {
      if (!record.spectatorChat)
        return fail('spectator', 'Spectators may read the chat at this table, not write.');
      if (!input.name) return fail('name_required', 'Give a name to write as a spectator.');
      const key = input.name.trim().toLowerCase();
      if (record.seats.some((s) => s.name?.toLowerCase() === key))
        return fail('name_taken', 'A player at this table has that name.');
      name = input.name.trim();
    }
    let text: string | null = null;
    if (input.text !== undefined) {
      text = cleanChatText(input.text);
      if (text.length === 0) return fail('empty_message', 'Write something first.');
      if ([...text].length > CHAT_MAX_CHARS)
        return fail('too_long', `A chat line has at most ${CHAT_MAX_CHARS} characters.`);
    }
    if ((await this.store.countChat(tableId)) >= CHAT_LINES_PER_TABLE)
      return fail('chat_full', 'This table has said enough; the chat is full.');
    const at = this.now();
    const line: ChatLine = {
      tableId,
      // Sortable by time, then unique.
      id: `${at.toString(36).padStart(9, '0')}${randomId(6)}`,
      seat,
      name,
      text,
      phrase: text === null ? (input.phrase ?? null) : null,
      at,
    };
    await this.store.appendChat(line);
    this.out.chat(tableId, record.players, line);
    return { ok: true, value: line };
  }

  /** The table's latest lines, oldest first (anyone who may watch the table may read them). */
  async history(tableId: string): Promise<ChatOutcome<ChatLine[]>> {
    const record = this.current(tableId) ?? (await this.store.getTable(tableId));
    if (!record || record.status === 'archived') return fail('no_such_table', 'There is no such table.');
    return { ok: true, value: await this.store.chat(tableId, CHAT_HISTORY) };
  }
}
