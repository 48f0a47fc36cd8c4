/**
 * Optional accounts: a name and a password (argon2id, memory-hard), sessions as random tokens
 * stored only as SHA-256 hashes, and the seats a member holds, so that the member's tables follow
 * it to any device. Guests play with seat tokens alone and never need any of this.
 *
 * Log-ins and sign-ups are limited (account-limits.ts): a wrong password never locks the owner out,
 * and a name that does not exist costs the same work and gets the same answer as a wrong password.
 */
import { hash, verify } from '@node-rs/argon2';
import { accountCredentials } from '@matchbox/client/wire';
import type { AccountInfo, AccountTicket, WireErrorCode } from '@matchbox/client/wire';
import type { ServerError } from './outcome.ts';
import type { Limited } from './account-limits.ts';
import { AccountLimiter } from './account-limits.ts';
import type { Db } from './db.ts';
import { isUniqueViolation } from './db.ts';
import { nameKey } from './names.ts';
import type { Outcome } from './tables.ts';
import { zodMessage } from './tables.ts';
import type { SealKey } from './sealed.ts';
import { SEALED_PREFIX, seal, unseal } from './sealed.ts';
import { hashSecret, randomId } from './tokens.ts';

/** How long a session lasts without logging in again (ms). */
export const SESSION_MS = 30 * 86_400_000;
/** The cookie that holds the session token (httpOnly, SameSite=Lax). */
export const SESSION_COOKIE = 'matchbox_session';

/** A password a member may not choose: too short, or simply the name. */
function weakPassword(name: string, password: string): string | null {
  if (password.length < 8) return 'A password needs at least 8 characters.';
  if (password.toLowerCase().includes(name.toLowerCase())) return 'A password may not contain the name.';
  if (new Set(password).size < 4) return 'A password needs at least 4 different characters.';
  return null;
}

const fail = (code: WireErrorCode, message: string): { ok: false; error: ServerError } => ({
  ok: false,
  error: { code, message },
});

/** A `rate_limited` refusal that says when to try again (whole seconds, at least 1). */
const limited = (message: string, { retryAfterMs }: Limited) =>
  ({
    ok: false,
    error: { code: 'rate_limited', message, retry_after: Math.max(1, Math.ceil(retryAfterMs / 1000)) },
  }) as const;

/** Hashing and checking passwords (argon2id); a test counts the checks through it. */
export interface Passwords {
  hash(password: string): Promise<string>;
  verify(hashed: string, password: string): Promise<boolean>;
}

export const ARGON2: Passwords = { hash: (p) => hash(p), verify: (h, p) => verify(h, p) };

/**
 * argon2id at its smallest cost (8 KiB, one pass): for test servers only (`config.testPasswords`),
 * which sign up and log in hundreds of times. A hash records its cost, so either verifies any.
 */
export const TEST_ARGON2: Passwords = {
  hash: (p) => hash(p, { memoryCost: 8, timeCost: 1 }),
  verify: (h, p) => verify(h, p),
};

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

export class AccountService {
  /** A hash no password matches, checked when the name has no account: the same work either way. */
  private dummyHash: Promise<string> | null = null;

  constructor(
    private readonly db: Db,
    /** Seals the seat tokens an account keeps (sealed.ts): they are never stored readable. */
    private readonly sealKey: SealKey,
    private readonly limiter: AccountLimiter = new AccountLimiter(),
    private readonly now: () => number = Date.now,
    private readonly passwords: Passwords = ARGON2,
  ) {}

  /** Creates an account and logs it in; the reply's `token` is the session secret. */
  async signUp(input: unknown, address: string): Promise<Outcome<{ account: AccountInfo; token: string }>> {
    const parsed = accountCredentials.safeParse(input);
    if (!parsed.success) return fail(badField(parsed.error), zodMessage(parsed.error));
    const { name, password } = parsed.data;
    const weak = weakPassword(name, password);
    if (weak) return fail('weak_password', weak);
    const refused = await this.limiter.signUpRefused(address);
    if (refused) return limited('Too many sign-ups from this address; try again later.', refused);
    const taken = await this.db
      .selectFrom('accounts')
      .select('id')
      .where('name_key', '=', name.toLowerCase())
      .executeTakeFirst();
    if (taken) return fail('name_taken', 'That name is taken.');
    const alike = await this.memberLike(name);
    if (alike)
      return fail('name_lookalike', `That name looks like ${alike}, a member's name; choose another one.`);
    const account = { id: randomId(12), name, createdAt: this.now() };
    const passwordHash = await this.passwords.hash(password);
    try {
      await this.db
        .insertInto('accounts')
        .values({
          id: account.id,
          name,
          name_key: name.toLowerCase(),
          name_skeleton: nameKey(name),
          password_hash: passwordHash,
          created_at: account.createdAt,
        })
        .execute();
    } catch (error) {
      if (isUniqueViolation(error)) return fail('name_taken', 'That name is taken.');
      throw error;
    }
    await this.limiter.signedUp(address);
    return { ok: true, value: { account, token: await this.newSession(account.id) } };
  }

  async logIn(input: unknown, address: string): Promise<Outcome<{ account: AccountInfo; token: string }>> {
    const parsed = accountCredentials.safeParse(input);
    // A malformed name or password cannot belong to any account.
    if (!parsed.success) return fail('bad_credentials', 'Wrong name or password.');
    const { name, password } = parsed.data;
    const nameKey = name.toLowerCase();
    const refused = await this.limiter.logInRefused(nameKey, address);
    if (refused) return limited('Too many failed log-ins; try again in a few minutes.', refused);
    // A name under attack answers more slowly (capped), for every address alike: never a lock.
    const slowdown = await this.limiter.slowdownMs(nameKey);
    if (slowdown > 0) await sleep(slowdown);
    const row = await this.db
      .selectFrom('accounts')
      .selectAll()
      .where('name_key', '=', nameKey)
      .executeTakeFirst();
    const stored = row?.password_hash ?? (await this.noAccountHash());
    const good = await this.passwords.verify(stored, password).catch(() => false);
    if (!row || !good) {
      await this.limiter.logInFailed(nameKey, address);
      return fail('bad_credentials', 'Wrong name or password.');
    }
    await this.limiter.logInSucceeded(nameKey, address);
    return {
      ok: true,
      value: {
        account: { id: row.id, name: row.name, createdAt: Number(row.created_at) },
        token: await this.newSession(row.id),
      },
    };
  }

  /** The hash checked for a name without an account (made once, from a random password). */
  private noAccountHash(): Promise<string> {
    this.dummyHash ??= this.passwords.hash(randomId(24));
    return this.dummyHash;
  }

  async logOut(token: string): Promise<void> {
    await this.db.deleteFrom('sessions').where('token_hash', '=', hashSecret(token)).execute();
  }

  /** The account a session token belongs to, while the session lasts. */
  async bySession(token: string | undefined): Promise<AccountInfo | null> {
    if (!token || token.length > 100) return null;
    const row = await this.db
      .selectFrom('sessions')
      .innerJoin('accounts', 'accounts.id', 'sessions.account_id')
      .select(['accounts.id', 'accounts.name', 'accounts.created_at', 'sessions.expires_at'])
      .where('sessions.token_hash', '=', hashSecret(token))
      .executeTakeFirst();
    if (!row || Number(row.expires_at) < this.now()) return null;
    return { id: row.id, name: row.name, createdAt: Number(row.created_at) };
  }

  /**
   * The member whose name looks like `name` (the same `nameKey`: case, accents, other alphabets'
   * look-alike letters and invisible characters aside), or null.
   */
  async memberLike(name: string): Promise<string | null> {
    if (name.length > 128) return null;
    const row = await this.db
      .selectFrom('accounts')
      .select('name')
      .where('name_skeleton', '=', nameKey(name))
      .executeTakeFirst();
    return row?.name ?? null;
  }

  async byName(name: string): Promise<AccountInfo | null> {
    if (name.length > 32) return null;
    const row = await this.db
      .selectFrom('accounts')
      .select(['id', 'name', 'created_at'])
      .where('name_key', '=', name.toLowerCase())
      .executeTakeFirst();
    return row ? { id: row.id, name: row.name, createdAt: Number(row.created_at) } : null;
  }

  /** Names of accounts by id (for leaderboards and histories). */
  async names(ids: readonly string[]): Promise<Map<string, string>> {
    if (ids.length === 0) return new Map();
    const rows = await this.db
      .selectFrom('accounts')
      .select(['id', 'name'])
      .where('id', 'in', [...ids])
      .execute();
    return new Map(rows.map((r) => [r.id, r.name]));
  }

  /** Keeps a seat for the account (a table it created or joined, or a guest seat it brings along). */
  async attach(accountId: string, ticket: AccountTicket): Promise<void> {
    const token = seal(this.sealKey.key, ticket.token);
    try {
      await this.db
        .insertInto('account_tables')
        .values({
          account_id: accountId,
          table_id: ticket.tableId,
          seat: ticket.seat,
          token,
          game: ticket.game,
          created_at: this.now(),
        })
        .execute();
    } catch (error) {
      if (!isUniqueViolation(error)) throw error;
      await this.db
        .updateTable('account_tables')
        .set({ seat: ticket.seat, token })
        .where('account_id', '=', accountId)
        .where('table_id', '=', ticket.tableId)
        .execute();
    }
  }

  /** The seats the account holds, newest first. */
  async tickets(accountId: string, limit = 200): Promise<AccountTicket[]> {
    const rows = await this.db
      .selectFrom('account_tables')
      .select(['table_id', 'seat', 'token', 'game'])
      .where('account_id', '=', accountId)
      .orderBy('created_at', 'desc')
      .limit(limit)
      .execute();
    // A token that does not open (sealed with another key: MATCHBOX_SECRET changed) is left out.
    return rows.flatMap((r) => {
      const token = unseal(this.sealKey.key, r.token);
      return token === null ? [] : [{ tableId: r.table_id, seat: Number(r.seat), token, game: r.game }];
    });
  }

  /** Seals the seat tokens stored readable before sealing existed; returns how many. */
  async sealStoredTokens(): Promise<number> {
    const rows = await this.db
      .selectFrom('account_tables')
      .select(['account_id', 'table_id', 'token'])
      .where('token', 'not like', `${SEALED_PREFIX}%`)
      .execute();
    for (const r of rows)
      await this.db
        .updateTable('account_tables')
        .set({ token: seal(this.sealKey.key, r.token) })
        .where('account_id', '=', r.account_id)
        .where('table_id', '=', r.table_id)
        .where('token', '=', r.token)
        .execute();
    return rows.length;
  }

  /** Which account holds each seat of a table (seat to account id). */
  async seatsOf(tableId: string): Promise<Map<number, string>> {
    const rows = await this.db
      .selectFrom('account_tables')
      .select(['account_id', 'seat'])
      .where('table_id', '=', tableId)
      .execute();
    return new Map(rows.map((r) => [Number(r.seat), r.account_id]));
  }

  private async newSession(accountId: string): Promise<string> {
    const token = randomId(32);
    const now = this.now();
    await this.db
      .insertInto('sessions')
      .values({
        token_hash: hashSecret(token),
        account_id: accountId,
        created_at: now,
        expires_at: now + SESSION_MS,
      })
      .execute();
    // Expired sessions of this account go when it logs in again.
    await this.db
      .deleteFrom('sessions')
      .where('account_id', '=', accountId)
      .where('expires_at', '<', now)
      .execute();
    return token;
  }
}

/** `bad_name` when the name is what is wrong, else `weak_password` or `invalid_request`. */
function badField(error: { issues: readonly { path: readonly PropertyKey[] }[] }): WireErrorCode {
  const field = error.issues[0]?.path[0];
  return field === 'name' ? 'bad_name' : field === 'password' ? 'weak_password' : 'invalid_request';
}
