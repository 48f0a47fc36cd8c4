/**
 * Sealed secrets. Seat tokens are stored as hashes, except the copies a member's account keeps
 * so that its tables follow it to another device: those the server must hand back, so they are
 * sealed instead (AES-256-GCM, a fresh nonce each) with a key that is not in the database. A copy
 * of the database alone then gives nobody a member's seats.
 *
 * The key comes from `MATCHBOX_SECRET` (any string; every node of a cluster needs the same one),
 * or else from `secret.key` in the data folder, made on the first start (readable by its owner
 * only). Values stored before sealing existed (no `s1.` prefix) read as they are until
 * `AccountService.sealStoredTokens` seals them at start.
 */
import { createCipheriv, createDecipheriv, createHash, randomBytes } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

export const SEALED_PREFIX = 's1.';
const KEY_FILE = 'secret.key';

export interface SealKey {
  readonly key: Buffer;
  /** Where it came from: the environment, or the data folder's key file. */
  readonly source: 'env' | 'file';
}

/**
 * The secret the key is made from: `secret` when there is one, else the text of (a new)
 * `<dataDir>/secret.key`. Several processes of one machine may be handed it as MATCHBOX_SECRET.
 */
export function sealSecret(
  secret: string | undefined,
  dataDir: string,
): { text: string; source: SealKey['source'] } {
  if (secret) return { text: secret, source: 'env' };
  const file = join(dataDir, KEY_FILE);
  mkdirSync(dataDir, { recursive: true });
  try {
    writeFileSync(file, `${randomBytes(32).toString('base64url')}\n`, { flag: 'wx', mode: 0o600 });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
  }
  const text = readFileSync(file, 'utf8').trim();
  if (text.length < 32) throw new Error(`${file} holds no key: delete it to make a new one`);
  return { text, source: 'file' };
}

/** The key from the secret when there is one, else from (or into) `<dataDir>/secret.key`. */
export function loadSealKey(secret: string | undefined, dataDir: string): SealKey {
  const { text, source } = sealSecret(secret, dataDir);
  return { key: createHash('sha256').update(text).digest(), source };
}

export const isSealed = (value: string): boolean => value.startsWith(SEALED_PREFIX);

export function seal(key: Buffer, plain: string): string {
  const nonce = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', key, nonce);
  const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
  const tag = cipher.getAuthTag();
  return `${SEALED_PREFIX}${nonce.toString('base64url')}.${body.toString('base64url')}.${tag.toString('base64url')}`;
}

/**
 * The plain value of `stored`, or null when it does not open with this key (another key, or
 * changed). A value stored before sealing is returned as it is.
 */
export function unseal(key: Buffer, stored: string): string | null {
  if (!isSealed(stored)) return stored;
  const [nonce, body, tag] = stored.slice(SEALED_PREFIX.length).split('.');
  if (nonce === undefined || body === undefined || tag === undefined) return null;
  try {
    const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(nonce, 'base64url'));
    decipher.setAuthTag(Buffer.from(tag, 'base64url'));
    return Buffer.concat([decipher.update(Buffer.from(body, 'base64url')), decipher.final()]).toString(
      'utf8',
    );
  } catch {
    return null;
  }
}
