/**
 * Who is logged in, for the whole app: asked of the server once per page load (the session itself
 * is an httpOnly cookie the page never sees). On log-in the seats this browser holds as a guest
 * join the account, and the account's seats from other devices are added to this browser's
 * tickets, so the lobby lists every table of the member.
 */
import type { AccountInfo } from '@matchbox/client';
import type { Check } from '@matchbox/client/answers';
import * as answers from '@matchbox/client/answers';
import { useSyncExternalStore } from 'react';
import { call } from '../api.ts';
import { loadTickets, saveTicket } from '../tickets.ts';

/** undefined while unknown, null for a guest. */
let current: AccountInfo | null | undefined;
let asked: Promise<void> | null = null;
const listeners = new Set<() => void>();
const set = (account: AccountInfo | null) => {
  current = account;
  listeners.forEach((l) => l());
};

/** A call with the session cookie: its answer checked by `check` (api.ts `call`). */
function request<T>(
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  path: string,
  check: Check<T>,
  body?: unknown,
): Promise<T> {
  return call(method, path, check, body, { credentials: 'same-origin' });
}

/** Brings this browser's guest seats into the account and the account's seats into this browser. */
async function syncTickets(): Promise<void> {
  const local = loadTickets();
  if (local.length > 0)
    await request('POST', '/api/account/tables', answers.attached, {
      tickets: local.slice(-200).map(({ tableId, token }) => ({ tableId, token })),
    }).catch(() => undefined);
  const { tickets } = await request('GET', '/api/account/tables', answers.accountTickets);
  const known = new Set(local.map((t) => `${t.tableId}:${t.token}`));
  for (const t of [...tickets].reverse()) if (!known.has(`${t.tableId}:${t.token}`)) saveTicket(t);
}

function ask(): void {
  asked ??= request('GET', '/api/account', answers.whoAmI).then(
    async ({ account }) => {
      set(account);
      if (!account) return; // a guest
      await syncTickets().catch(() => undefined);
      listeners.forEach((l) => l());
    },
    () => set(null),
  );
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  ask();
  return () => listeners.delete(listener);
}

/** The logged-in member, null for a guest, undefined until the server has answered. */
export function useAccount(): AccountInfo | null | undefined {
  return useSyncExternalStore(
    subscribe,
    () => current,
    () => undefined,
  );
}

/** Changes whenever the account or its tickets change (the lobby refreshes on it). */
export function onAccountChange(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export async function logIn(mode: 'login' | 'signup', name: string, password: string): Promise<AccountInfo> {
  const { account } = await request('POST', `/api/account/${mode}`, answers.accountReply, {
    name,
    password,
  });
  asked = Promise.resolve();
  set(account);
  await syncTickets().catch(() => undefined);
  listeners.forEach((l) => l());
  return account;
}

export async function logOut(): Promise<void> {
  await request('POST', '/api/account/logout', answers.anything, {});
  set(null);
}

export { request as accountRequest };
