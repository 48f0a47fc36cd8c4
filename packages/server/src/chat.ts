/**
 * A table's chat: seated players talk, spectators read (and write where the table allows it).
 * Every line is checked against what the writer's token holds at that moment (a seat that was
 * left or taken over cannot talk with its old token), cleaned of control and direction-changing
 * characters, bounded in length, stored with the table (so a reload and a replay show it) and
 * sent to every channel of the table. The channels are socket.io rooms, so the line reaches the
 * table's sockets on every node of a cluster the way updates do. Bots never talk.
 *
 * Limits (docs/server.md, "Threat model"): a seat writes at `CHAT_LIMITS.seat` whatever number of
 * connections it has; a spectator connection at `CHAT_LIMITS.spectator`, and a table's spectators
 * all together at `CHAT_LIMITS.spectators`, apart from the seats' budgets, so no crowd silences
 * the players. The chat rolls: the table keeps its latest `CHAT_LINES_KEPT` lines and never fills
 * up. Lines are ordered by a per-table sequence number the database gives (`seq`), not by time.
 * A spectator's name is its own at the table: not a seat's, nor another spectator's, nor a
 * look-alike of either, nor a member's unless the member writes (names.ts). Every line carries its writer's `speaker` (a seat, or the
 * spectator's connection), which is what a reader's mute holds: a new name does not escape it.
 */
import type { ChatLine, ChatPhrase, WireErrorCode } from '@matchbox/client/wire';
import type { ServerError } from './outcome.ts';
import { CHAT_LINES_KEPT, CHAT_MAX_CHARS, cleanChatText } from '@matchbox/client/wire';
import { Buckets } from './chat-limits.ts';
import type { Coordinator } from './cluster.ts';
import { nameKey, reservedClash, tableClash } from './names.ts';
import type { Store, TableRecord } from './store.ts';
import { randomId, secretMatches } from './tokens.ts';

/** How many lines a client is given when it opens the table. */
export const CHAT_HISTORY = 200;

/** Lines a second and bursts, per writer; on each node (a cluster's nodes each allow as much). */
export const CHAT_LIMITS = {
  /** One seat, all its connections together. */
  seat: { rate: 0.5, burst: 5 },
  /** One spectator connection. */
  spectator: { rate: 0.5, burst: 5 },
  /** All of one table's spectators together. */
  spectators: { rate: 1, burst: 10 },
} as const;

/** Where chat lines go: every channel of a table (its seats and its spectators). */
export interface ChatOut {
  chat(tableId: string, players: number, line: ChatLine): void;
}

export type ChatOutcome<T> = { ok: true; value: T } | { ok: false; error: ServerError };
const fail = (code: WireErrorCode, message: string): { ok: false; error: ServerError } => ({
  ok: false,
  error: { code, message },
});
const RATE_LIMITED = fail('rate_limited', 'You are writing fast; wait a moment.');
const CROWDED = fail('rate_limited', 'The spectators are writing fast; wait a moment.');

export interface SayInput {
  readonly text?: string | undefined;
  readonly phrase?: ChatPhrase | undefined;
  /** A spectator's name (normalised by the wire's schema). */
  readonly name?: string | undefined;
  /** The member session the writer's connection carries, if any. */
  readonly session?: string | undefined;
}

/** Members' names, so that a guest spectator does not write under a member's look-alike. */
export interface MemberNames {
  /** The member whose name looks like `name`, or null. */
  memberLike(name: string): Promise<string | null>;
  /** The member a session token belongs to, or null. */
  bySession(token: string | undefined): Promise<{ readonly name: string } | null>;
}

/** The mute key of a seat's lines (a spectator's is its connection's id). */
export const seatSpeaker = (seat: number): string => `s${seat}`;

export class TableChat {
  /** Set where there are accounts: spectators' names are checked against members' too. */
  members: MemberNames | null = null;
  private readonly seats: Buckets;
  private readonly spectator: Buckets;
  private readonly spectators: Buckets;

  constructor(
    private readonly store: Store,
    private readonly out: ChatOut,
    private readonly coordinator: Coordinator,
    /** This node's copy of a table's record when it is current, else null. */
    private readonly current: (tableId: string) => TableRecord | null,
    private readonly now: () => number = Date.now,
  ) {
    const bucket = (l: { rate: number; burst: number }) => new Buckets(l.rate, l.burst, now);
    this.seats = bucket(CHAT_LIMITS.seat);
    this.spectator = bucket(CHAT_LIMITS.spectator);
    this.spectators = bucket(CHAT_LIMITS.spectators);
  }

  /**
   * One line from the connection `speaker` holding `token` (undefined: a spectator). The seat is
   * looked up now, from the stored table in a cluster (another node may have let the seat go a
   * moment ago).
   */
  async say(
    tableId: string,
    token: string | undefined,
    input: SayInput,
    speaker: string,
  ): Promise<ChatOutcome<ChatLine>> {
    const record =
      (this.coordinator.clustered ? null : this.current(tableId)) ?? (await this.store.getTable(tableId));
    if (!record || record.status === 'archived') return fail('no_such_table', 'There is no such table.');
    const text = input.text === undefined ? null : cleanChatText(input.text);
    if (text !== null && text.length === 0) return fail('empty_message', 'Write something first.');
    if (text !== null && [...text].length > CHAT_MAX_CHARS)
      return fail('too_long', `A chat line has at most ${CHAT_MAX_CHARS} characters.`);
    const writer =
      token === undefined ? await this.spectatorWriter(record, input, speaker) : seatWriter(record, token);
    if (!writer.ok) return writer;
    const { seat, name } = writer.value;
    if (seat === null) {
      if (!this.spectator.take(speaker)) return RATE_LIMITED;
      if (!this.spectators.take(tableId)) return CROWDED;
      // The check above read the others' names; the claim makes two writers at once, on any
      // nodes, unable to both take one name.
      if (!(await this.store.claimSpectatorName(tableId, speaker, name, nameKey(name))))
        return fail('name_taken', 'Another spectator writes under that name here.');
    } else if (!this.seats.take(`${tableId}:${seat}`)) return RATE_LIMITED;
    const line = await this.store.appendChat(
      {
        tableId,
        id: randomId(10),
        seat,
        speaker: seat === null ? speaker : seatSpeaker(seat),
        name,
        nameKey: nameKey(name),
        text,
        phrase: text === null ? (input.phrase ?? null) : null,
        at: this.now(),
      },
      CHAT_LINES_KEPT,
    );
    this.out.chat(tableId, record.players, line);
    return { ok: true, value: line };
  }

  /** The table's latest lines in the table's order (anyone who may watch the table may read them). */
  async history(tableId: string): Promise<ChatOutcome<ChatLine[]>> {
    const record = this.current(tableId) ?? (await this.store.getTable(tableId));
    if (!record || record.status === 'archived') return fail('no_such_table', 'There is no such table.');
    return { ok: true, value: await this.store.chat(tableId, CHAT_HISTORY) };
  }

  /**
   * A spectator writes where the table allows it, under a name that is its own at the table: no
   * seat's, and no other spectator's (by their claims), nor a look-alike of one.
   */
  private async spectatorWriter(
    record: TableRecord,
    input: SayInput,
    speaker: string,
  ): Promise<ChatOutcome<{ seat: null; name: string }>> {
    if (!record.spectatorChat)
      return fail('spectator', 'Spectators may read the chat at this table, not write.');
    if (!input.name) return fail('name_required', 'Give a name to write as a spectator.');
    const others = (await this.store.spectatorNames(record.id)).filter((s) => s.speaker !== speaker);
    const seated = record.seats.flatMap((s) => (s.kind !== 'open' && s.name ? [s.name] : []));
    const clash = tableClash(input.name, [...seated, ...others.map((s) => s.name)]);
    if (clash) return fail(clash.code, clash.message);
    const member = await this.members?.memberLike(input.name);
    if (member) {
      // A member writes under their own name; anyone else under it is refused.
      const writer = await this.members!.bySession(input.session);
      if (writer === null || nameKey(writer.name) !== nameKey(member)) {
        const refusal = reservedClash(member);
        return fail(refusal.code, refusal.message);
      }
    }
    return { ok: true, value: { seat: null, name: input.name } };
  }
}

/** The seat `token` holds at the table now, with its name. */
function seatWriter(record: TableRecord, token: string): ChatOutcome<{ seat: number; name: string }> {
  const seat = record.seats.findIndex((s) => s.kind === 'human' && secretMatches(token, s.tokenHash));
  if (seat < 0) return fail('not_seated', 'You no longer hold a seat at this table.');
  return { ok: true, value: { seat, name: record.seats[seat]!.name ?? `${seat + 1}` } };
}
