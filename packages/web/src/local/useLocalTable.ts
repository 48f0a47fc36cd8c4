/**
 * A local table, live: the worker that holds the game (engine and bots), the person's latest
 * update and the game log, with the same fields as `useTable` gives a server table (so the
 * boards render a local game unchanged), plus undo and, for the daily deal, the solution.
 */
import type { TableUpdate } from '@matchbox/client/wire';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import type { LogEntry } from '../table/useTable.ts';
import type { PageMessage, ShownSolution, WorkerMessage } from './protocol.ts';

/** What opens the table: an `open` or `daily` message (without `fresh`, which `restart` sets). */
export type LocalOpen =
  | Omit<Extract<PageMessage, { type: 'open' }>, 'fresh'>
  | Omit<Extract<PageMessage, { type: 'daily' }>, 'fresh'>;

interface State {
  readonly update: TableUpdate | null;
  readonly log: readonly unknown[];
  readonly fresh: readonly unknown[];
  readonly solution: ShownSolution | null;
  readonly daily: { readonly date: string; readonly attempt: number } | null;
  readonly error: { code: string; message: string } | null;
}

const INITIAL: State = { update: null, log: [], fresh: [], solution: null, daily: null, error: null };
const LOG_LIMIT = 2000;

type Reply = { ok: boolean; error?: { code: string; message: string } };

/** Starts the worker; a function so tests can hand in a stand-in. */
export type WorkerFactory = () => Worker;

const withFresh = (opening: LocalOpen, fresh: boolean): PageMessage => ({ ...opening, fresh });

const defaultWorker: WorkerFactory = () =>
  new Worker(new URL('./worker.ts', import.meta.url), { type: 'module', name: 'matchbox-local' });

export function useLocalTable(opening: LocalOpen, makeWorker: WorkerFactory = defaultWorker) {
  const [state, setState] = useState<State>(INITIAL);
  const worker = useRef<Worker | null>(null);
  const pending = useRef(new Map<number, (reply: Reply) => void>());
  const nextId = useRef(1);
  const openKey = JSON.stringify(opening);

  useEffect(() => {
    const w = makeWorker();
    worker.current = w;
    const waiting = pending.current;
    w.onmessage = (event: MessageEvent<WorkerMessage>) => {
      const m = event.data;
      if (m.type === 'ack') {
        waiting.get(m.id)?.({ ok: m.ok, ...(m.error ? { error: m.error } : {}) });
        waiting.delete(m.id);
      } else if (m.type === 'failed') {
        setState((s) => ({ ...s, error: m.error }));
      } else {
        setState((s) => ({
          update: m.update,
          log: (m.log ?? [...s.log, ...m.update.events]).slice(-LOG_LIMIT),
          fresh: m.log ? NONE : m.update.events,
          solution: m.solution,
          daily: m.daily,
          error: null,
        }));
      }
    };
    w.onerror = (event) => {
      setState((s) => ({
        ...s,
        error: { code: 'worker_failed', message: event.message || 'The local game stopped.' },
      }));
    };
    setState(INITIAL);
    w.postMessage(withFresh(JSON.parse(openKey) as LocalOpen, false));
    return () => {
      w.terminate();
      worker.current = null;
      for (const resolve of waiting.values())
        resolve({ ok: false, error: { code: 'closed', message: 'The game was closed.' } });
      waiting.clear();
    };
  }, [openKey, makeWorker]);

  const request = useCallback((message: (id: number) => PageMessage): Promise<Reply> => {
    const w = worker.current;
    if (!w) return Promise.resolve({ ok: false, error: { code: 'closed', message: 'The game was closed.' } });
    const id = nextId.current++;
    return new Promise((resolve) => {
      pending.current.set(id, resolve);
      w.postMessage(message(id));
    });
  }, []);

  const act = useCallback((text: string) => request((id) => ({ type: 'act', id, text })), [request]);
  const undo = useCallback(() => request((id) => ({ type: 'undo', id })), [request]);
  const restart = useCallback(() => {
    setState(INITIAL);
    worker.current?.postMessage(withFresh(JSON.parse(openKey) as LocalOpen, true));
  }, [openKey]);
  const giveUp = useCallback(() => worker.current?.postMessage({ type: 'giveUp' } satisfies PageMessage), []);
  const step = useCallback(() => worker.current?.postMessage({ type: 'step' } satisfies PageMessage), []);

  const log = useMemo(() => state.log.map((event, id): LogEntry => ({ id, event })), [state.log]);

  return {
    update: state.update,
    error: state.error,
    log,
    fresh: state.fresh,
    freshVersion: state.update?.version ?? -1,
    solution: state.solution,
    daily: state.daily,
    act,
    undo,
    restart,
    giveUp,
    step,
  };
}

export type LocalTableHandle = ReturnType<typeof useLocalTable>;

const NONE: readonly unknown[] = [];
