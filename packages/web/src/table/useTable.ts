/**
 * One table, live: the TableConnection of @matchbox/client as the seat this browser holds a
 * ticket for (or as a spectator), the latest update, the game log's events since the start, and
 * the connection's state. The connection re-attaches by itself after a loss and asks for the
 * events it missed.
 */
import type {
  ActAck,
  ChatLine,
  ChatPhrase,
  HelloAck,
  HintAck,
  SayAck,
  SolveAck,
  TableUpdate,
} from '@matchbox/client';
import { MatchboxError, TableConnection } from '@matchbox/client';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { browserId } from '../settings.ts';
import { forgetTicket, ticketFor } from '../tickets.ts';

export type ConnectionState = 'connecting' | 'online' | 'reconnecting' | 'failed';

export interface LogEntry {
  /** Position in the log, a stable React key. */
  readonly id: number;
  readonly event: unknown;
}

/** Events that arrived with one update (covering the versions since the one before it). */
interface Batch {
  readonly version: number;
  readonly events: readonly unknown[];
}

interface State {
  readonly update: TableUpdate | null;
  readonly connection: ConnectionState;
  readonly error: { code: string; message: string } | null;
  /** The game from its start up to `version`, asked for once when the page opens. */
  readonly past: Batch | null;
  /** The events of every update since the page opened. */
  readonly live: readonly Batch[];
  /** The table's chat, oldest first. */
  readonly chat: readonly ChatLine[];
  /** The latest lines said while this page was open (not the history): the seats' bubbles. */
  readonly said: readonly ChatLine[];
}

const INITIAL: State = {
  update: null,
  connection: 'connecting',
  error: null,
  past: null,
  live: [],
  chat: [],
  said: [],
};

/** At most this many log entries are shown (a long game of MatchMaster has about a thousand). */
const LOG_LIMIT = 2000;

export function useTable(tableId: string) {
  const [state, setState] = useState<State>(INITIAL);
  const conn = useRef<TableConnection | null>(null);

  useEffect(() => {
    let disposed = false;
    let connection: TableConnection;

    const open = (token: string | undefined) => {
      // With deltas (a move brings only what changed; the library applies them).
      connection = new TableConnection(location.origin, tableId, token, browserId(), true);
      conn.current = connection;
      connection.onUpdate((update) => {
        if (disposed) return;
        setState((s) => ({
          ...s,
          update,
          connection: 'online',
          error: null,
          live: update.events.length
            ? [...s.live, { version: update.version, events: update.events }]
            : s.live,
        }));
      });
      connection.onChat((chat, arrived) => {
        if (!disposed)
          setState((s) => ({
            ...s,
            chat,
            said: arrived.live ? [...s.said, ...arrived.lines].slice(-SAID_KEPT) : s.said,
          }));
      });
      const socket = connection.socket;
      socket.on('disconnect', () => {
        if (!disposed) setState((s) => ({ ...s, connection: 'reconnecting' }));
      });
      socket.io.on('reconnect_attempt', () => {
        if (!disposed) setState((s) => ({ ...s, connection: 'reconnecting' }));
      });
      connection.ready.then(
        (first) => {
          if (disposed) return;
          // The game so far, for the log: hello again with since 0 gives every event up to now
          // (as this viewer may see them), or null when the server no longer keeps them all.
          // (With deltas: without them this hello would turn them off.)
          const again = { tableId, ...(token ? { token } : {}), since: 0, deltas: true };
          socket.emit('hello', again, (ack: HelloAck) => {
            if (disposed) return;
            const past = ack.ok
              ? { version: ack.update.version, events: ack.missed ?? [] }
              : { version: first.version, events: [] };
            setState((s) => ({ ...s, past }));
          });
        },
        (error: unknown) => {
          if (disposed) return;
          const code = error instanceof MatchboxError ? error.code : 'failed';
          const message = error instanceof Error ? error.message : String(error);
          connection.close();
          if (token && code === 'bad_token') {
            // The seat is gone (the table was reset or the seat taken over): watch instead.
            forgetTicket(tableId);
            open(undefined);
            return;
          }
          setState((s) => ({ ...s, connection: 'failed', error: { code, message } }));
        },
      );
    };
    open(ticketFor(tableId)?.token);
    return () => {
      disposed = true;
      connection.close();
      conn.current = null;
    };
  }, [tableId]);

  const act = useCallback(async (text: string) => {
    const c = conn.current;
    if (!c) return { ok: false, error: NOT_CONNECTED };
    const ack = await c.act(text);
    return ack.ok ? { ok: true } : { ok: false, error: ack.error };
  }, []);
  // The seat's requests besides actions: take back, a hint, "still winnable?" (MATCHET stacks).
  const undo = useCallback(
    async (): Promise<ActAck> => (conn.current ? conn.current.undo() : { ok: false, error: NOT_CONNECTED }),
    [],
  );
  // Takes the seat back from the stand-in bot that plays for this person.
  const back = useCallback(
    async (): Promise<ActAck> => (conn.current ? conn.current.back() : { ok: false, error: NOT_CONNECTED }),
    [],
  );
  const hint = useCallback(
    async (): Promise<HintAck> => (conn.current ? conn.current.hint() : { ok: false, error: NOT_CONNECTED }),
    [],
  );
  const solve = useCallback(
    async (): Promise<SolveAck> =>
      conn.current ? conn.current.solve() : { ok: false, error: NOT_CONNECTED },
    [],
  );

  /** One chat line: free text or a quick phrase; `name` for a spectator at a table that lets them talk. */
  const say = useCallback(
    async (what: string | { phrase: ChatPhrase }, name?: string): Promise<SayAck> =>
      conn.current ? conn.current.say(what, name) : { ok: false, error: NOT_CONNECTED },
    [],
  );

  const { past, live } = state;
  const log = useMemo(() => {
    const events = [
      ...(past?.events ?? []),
      ...live.filter((b) => !past || b.version > past.version).flatMap((b) => b.events),
    ].slice(-LOG_LIMIT);
    return events.map((event, id): LogEntry => ({ id, event }));
  }, [past, live]);
  const latest = live[live.length - 1];
  // The events of the latest update (for the board's animations and the announcements), with those
  // of any update drawn in the same render (updates that arrive together are rendered once, and an
  // update without a move right after a move's would otherwise hide the move's events).
  const delivered = useRef(-1);
  const version = state.update?.version ?? -1;
  const fresh = useMemo(() => {
    const batches = live.filter((b) => b.version > delivered.current && b.version <= version);
    if (batches.length === 0) return NONE;
    return batches.length === 1 ? batches[0]!.events : batches.flatMap((b) => b.events);
  }, [live, version]);
  useEffect(() => {
    delivered.current = Math.max(delivered.current, latest?.version ?? -1);
  }, [fresh, latest]);

  return {
    update: state.update,
    connection: state.connection,
    error: state.error,
    log,
    fresh,
    freshVersion: latest?.version ?? -1,
    act,
    undo,
    back,
    hint,
    solve,
    chat: state.chat,
    said: state.said,
    say,
  };
}

/** How many of the lines said live the table keeps for the seats' bubbles. */
const SAID_KEPT = 8;

const NONE: readonly unknown[] = [];
const NOT_CONNECTED = { code: 'not_connected', message: 'Not connected to the server.' } as const;
