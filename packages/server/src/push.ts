/**
 * Notifications through the browsers' Web Push (docs/server.md, "Notifications"): a member's
 * browser that allowed them is kept (`push_subscriptions`), and the server calls it when it is the
 * member's turn in a slow game, when a person takes a seat at the member's waiting table (an
 * invitation accepted) and when pairing finds the member a table. Each kind can be turned off
 * (`push_settings`).
 *
 * - One VAPID key pair for the whole cluster, made by the first node that needs it and kept in the
 *   store (`push_keys`; the private key sealed with the server's secret, sealed.ts).
 * - The server sends only to https endpoints whose host is in `PUSH_HOSTS` (the known push
 *   services), never to an address a client names: a subscription elsewhere is refused
 *   (`unknown_push_service`), and the host is checked again before every send.
 * - Sending never holds up a move: a notification is queued (bounded; past it, dropped), sent by a
 *   few at a time with a timeout, and a subscription the push service says is gone (404, 410) is
 *   forgotten.
 * - A payload holds the kind, the table, its game and words in the member's language: no card, no
 *   move, no name (`PushPayload`).
 */
import { createHash } from 'node:crypto';
import type { Agent } from 'node:https';
import type { PushKind, PushLanguage, PushPayload, PushSettingsReply } from '@matchbox/client/wire';
import { PUSH_KINDS } from '@matchbox/client/wire';
import { getGame } from '@matchbox/engine';
import type { Logger } from 'pino';
import webpush from 'web-push';
import type { Db, PushSubscriptionsRow } from './db.ts';
import { isUniqueViolation } from './db.ts';
import type { Outcome } from './outcome.ts';
import { done, fail } from './outcome.ts';
import { pushHostAllowed } from './push-hosts.ts';
import { seal, unseal } from './sealed.ts';

export { DEFAULT_PUSH_HOSTS, pushHostAllowed } from './push-hosts.ts';

/** Browsers one member may keep for notifications; a new one past this replaces the oldest. */
export const MAX_SUBSCRIPTIONS = 10;
/** Notifications waiting to be sent, at most (past it a new one is dropped: it is only a call). */
export const PUSH_QUEUE_MAX = 1_000;
/** Sends at once. */
const CONCURRENCY = 4;
/** How long one send may take (ms) before it is given up. */
export const PUSH_TIMEOUT_MS = 10_000;

/** How long a push service keeps a notification for a browser that is offline (s), per kind. */
const TTL: Record<PushKind, number> = { turn: 86_400, accepted: 3_600, paired: 120 };

export interface PushOptions {
  /** The allowed hosts (`PUSH_HOSTS`): `host`, `host:port`, or `*.domain`. */
  readonly hosts: readonly string[];
  /** The VAPID subject: an https URL or a mailto: address where the operator is reached. */
  readonly subject: string;
  /** The TLS agent of the sends (tests: one that trusts their own certificate). */
  readonly agent?: Agent | undefined;
  readonly timeoutMs?: number;
  readonly queueMax?: number;
}

/** The words of each kind of notification, in each language (the game's name is the same in both). */
const WORDS: Record<PushLanguage, Record<PushKind, (game: string) => { title: string; body: string }>> = {
  en: {
    turn: (game) => ({ title: `Your turn: ${game}`, body: 'Your move is waiting at the table.' }),
    accepted: (game) => ({
      title: `A player joined: ${game}`,
      body: 'Someone took a seat at your table.',
    }),
    paired: (game) => ({ title: `Your table is ready: ${game}`, body: 'Pairing found you a table.' }),
  },
  de: {
    turn: (game) => ({ title: `Du bist dran: ${game}`, body: 'Dein Zug wartet am Tisch.' }),
    accepted: (game) => ({
      title: `Jemand spielt mit: ${game}`,
      body: 'Jemand hat sich an deinen Tisch gesetzt.',
    }),
    paired: (game) => ({
      title: `Dein Tisch ist bereit: ${game}`,
      body: 'Für dich wurde ein Tisch gefunden.',
    }),
  },
};

/** A notification's payload in `lang` (exported for the tests). */
export function pushPayload(kind: PushKind, tableId: string, game: string, lang: string): PushPayload {
  const name = getGame(game)?.meta.name ?? game;
  const words = WORDS[lang === 'de' ? 'de' : 'en'][kind](name);
  return { kind, tableId, game, ...words, url: `/t/${tableId}` };
}

interface Job {
  readonly account: string;
  readonly kind: PushKind;
  readonly tableId: string;
  readonly game: string;
}

const idOf = (endpoint: string) => createHash('sha256').update(endpoint).digest('base64url').slice(0, 32);

export class PushService {
  private keys: Promise<{ publicKey: string; privateKey: string }> | null = null;
  private readonly queue: Job[] = [];
  private running = 0;
  private readonly waiters: (() => void)[] = [];
  /** Notifications sent, dropped (queue full) and failed, for the logs and the tests. */
  readonly counts = { sent: 0, dropped: 0, failed: 0, gone: 0 };

  constructor(
    private readonly db: Db,
    private readonly sealKey: Buffer,
    private readonly options: PushOptions,
    private readonly log: Logger,
    private readonly now: () => number = Date.now,
  ) {}

  /** The VAPID public key (base64url) browsers subscribe with: made once, shared by every node. */
  async publicKey(): Promise<string> {
    return (await this.vapid()).publicKey;
  }

  private vapid(): Promise<{ publicKey: string; privateKey: string }> {
    this.keys ??= this.loadOrMakeKeys().catch((error: unknown) => {
      this.keys = null;
      throw error;
    });
    return this.keys;
  }

  private async loadOrMakeKeys(): Promise<{ publicKey: string; privateKey: string }> {
    const read = () =>
      this.db.selectFrom('push_keys').selectAll().where('id', '=', 'vapid').executeTakeFirst();
    let row = await read();
    if (!row) {
      const made = webpush.generateVAPIDKeys();
      try {
        await this.db
          .insertInto('push_keys')
          .values({
            id: 'vapid',
            public_key: made.publicKey,
            private_key: seal(this.sealKey, made.privateKey),
            created_at: this.now(),
          })
          .execute();
      } catch (error) {
        // Another node made them first: theirs are the cluster's.
        if (!isUniqueViolation(error)) throw error;
      }
      row = await read();
    }
    const privateKey = row ? unseal(this.sealKey, row.private_key) : null;
    if (!row || privateKey === null)
      throw new Error('push: the VAPID key does not open with this server secret (MATCHBOX_SECRET)');
    return { publicKey: row.public_key, privateKey };
  }

  /** Keeps a member's browser for notifications (the same endpoint again: its keys are updated). */
  async subscribe(
    account: string,
    sub: { endpoint: string; keys: { p256dh: string; auth: string }; lang?: PushLanguage | undefined },
  ): Promise<Outcome<{ id: string }>> {
    if (!pushHostAllowed(sub.endpoint, this.options.hosts))
      return fail(
        'unknown_push_service',
        'This push service is not one the server sends to (its host is not in PUSH_HOSTS).',
      );
    const id = idOf(sub.endpoint);
    const row: PushSubscriptionsRow = {
      id,
      account_id: account,
      endpoint: sub.endpoint,
      p256dh: sub.keys.p256dh,
      auth: sub.keys.auth,
      lang: sub.lang ?? 'en',
      created_at: this.now(),
    };
    await this.db.transaction().execute(async (trx) => {
      // One browser, one member: a browser that changes hands follows its new member.
      await trx.deleteFrom('push_subscriptions').where('id', '=', id).execute();
      await trx.insertInto('push_subscriptions').values(row).execute();
      const kept = await trx
        .selectFrom('push_subscriptions')
        .select('id')
        .where('account_id', '=', account)
        .orderBy('created_at', 'desc')
        .orderBy('id')
        .execute();
      const old = kept.slice(MAX_SUBSCRIPTIONS).map((k) => k.id);
      if (old.length > 0) await trx.deleteFrom('push_subscriptions').where('id', 'in', old).execute();
    });
    return done({ id });
  }

  /** Forgets a member's browser; `removed` false when it was not kept (for this member). */
  async unsubscribe(account: string, endpoint: string): Promise<{ removed: boolean }> {
    const result = await this.db
      .deleteFrom('push_subscriptions')
      .where('id', '=', idOf(endpoint))
      .where('account_id', '=', account)
      .executeTakeFirst();
    return { removed: Number(result.numDeletedRows) > 0 };
  }

  /** Which kinds a member wants (all, until they turn one off) and how many browsers they keep. */
  async settings(account: string): Promise<PushSettingsReply> {
    const row = await this.db
      .selectFrom('push_settings')
      .selectAll()
      .where('account_id', '=', account)
      .executeTakeFirst();
    const count = await this.db
      .selectFrom('push_subscriptions')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('account_id', '=', account)
      .executeTakeFirst();
    const settings = Object.fromEntries(PUSH_KINDS.map((k) => [k, row ? row[k] === 1 : true])) as Record<
      PushKind,
      boolean
    >;
    return { settings, subscriptions: Number(count?.n ?? 0) };
  }

  /** Turns kinds on or off (those not named stay as they are). */
  async updateSettings(
    account: string,
    changes: Partial<Record<PushKind, boolean | undefined>>,
  ): Promise<PushSettingsReply> {
    const { settings } = await this.settings(account);
    const next = { ...settings };
    for (const k of PUSH_KINDS) next[k] = changes[k] ?? next[k];
    const values = {
      turn: next.turn ? 1 : 0,
      accepted: next.accepted ? 1 : 0,
      paired: next.paired ? 1 : 0,
      updated_at: this.now(),
    };
    await this.db
      .insertInto('push_settings')
      .values({ account_id: account, ...values })
      .onConflict((oc) => oc.column('account_id').doUpdateSet(values))
      .execute();
    return this.settings(account);
  }

  /**
   * Queues a notification of `kind` to each of `accounts` (their browsers, if they allowed this
   * kind). Returns at once and never throws: sending is the queue's business.
   */
  notify(accounts: readonly string[], kind: PushKind, tableId: string, game: string): void {
    for (const account of new Set(accounts)) {
      if (this.queue.length >= (this.options.queueMax ?? PUSH_QUEUE_MAX)) {
        this.counts.dropped++;
        continue;
      }
      this.queue.push({ account, kind, tableId, game });
    }
    this.pump();
  }

  /** Resolves when nothing is queued or being sent (tests, and a clean shutdown). */
  idle(): Promise<void> {
    if (this.queue.length === 0 && this.running === 0) return Promise.resolve();
    return new Promise((resolve) => this.waiters.push(resolve));
  }

  private pump(): void {
    while (this.running < CONCURRENCY && this.queue.length > 0) {
      const job = this.queue.shift()!;
      this.running++;
      void this.deliver(job)
        .catch((error: unknown) => {
          this.counts.failed++;
          this.log.warn({ err: error, kind: job.kind }, 'push: could not send');
        })
        .finally(() => {
          this.running--;
          this.pump();
          if (this.queue.length === 0 && this.running === 0) this.waiters.splice(0).forEach((w) => w());
        });
    }
  }

  /** Sends one job to every browser its member keeps, if the member wants this kind. */
  private async deliver(job: Job): Promise<void> {
    const { settings } = await this.settings(job.account);
    if (!settings[job.kind]) return;
    const subs = await this.db
      .selectFrom('push_subscriptions')
      .selectAll()
      .where('account_id', '=', job.account)
      .execute();
    if (subs.length === 0) return;
    const keys = await this.vapid();
    for (const sub of subs) await this.sendOne(sub, job, keys);
  }

  private async sendOne(
    sub: PushSubscriptionsRow,
    job: Job,
    keys: { publicKey: string; privateKey: string },
  ): Promise<void> {
    // The list may have changed since the browser subscribed: checked again before each send.
    if (!pushHostAllowed(sub.endpoint, this.options.hosts)) return;
    const payload = pushPayload(job.kind, job.tableId, job.game, sub.lang);
    try {
      await webpush.sendNotification(
        { endpoint: sub.endpoint, keys: { p256dh: sub.p256dh, auth: sub.auth } },
        JSON.stringify(payload),
        {
          vapidDetails: { subject: this.options.subject, ...keys },
          TTL: TTL[job.kind],
          urgency: job.kind === 'turn' ? 'normal' : 'high',
          timeout: this.options.timeoutMs ?? PUSH_TIMEOUT_MS,
          ...(this.options.agent ? { agent: this.options.agent } : {}),
        },
      );
      this.counts.sent++;
    } catch (error) {
      const status = (error as { statusCode?: unknown }).statusCode;
      if (status === 404 || status === 410) {
        // The browser unsubscribed, or its subscription expired: never sent to again.
        this.counts.gone++;
        await this.db.deleteFrom('push_subscriptions').where('id', '=', sub.id).execute();
        return;
      }
      this.counts.failed++;
      this.log.warn({ status, kind: job.kind }, 'push: the push service refused a notification');
    }
  }
}

/** The VAPID subject from the settings: `PUSH_SUBJECT`, else an https public URL, else a mailto:. */
export function pushSubject(subject: string | undefined, publicUrl: string | null): string {
  if (subject) return subject;
  if (publicUrl?.startsWith('https://')) return publicUrl;
  return 'mailto:operator@matchbox.invalid';
}
