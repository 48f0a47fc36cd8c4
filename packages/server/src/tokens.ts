/**
 * Secrets: table ids, seat tokens and invite codes are random; tokens and codes are stored only as
 * SHA-256 hashes (they are long random strings, so a fast hash suffices) and compared in constant
 * time.
 */
import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';

/** A random URL-safe string of `bytes` random bytes. */
export const randomId = (bytes: number): string => randomBytes(bytes).toString('base64url');

export const newTableId = (): string => randomId(9);
export const newToken = (): string => randomId(24);
export const newSeed = (): string => randomId(16);

export const hashSecret = (secret: string): string => createHash('sha256').update(secret).digest('hex');

/** Whether `secret` hashes to `hash`, in time independent of where they differ. */
export function secretMatches(secret: string, hash: string | null): boolean {
  if (hash === null) return false;
  const a = Buffer.from(hashSecret(secret), 'hex');
  const b = Buffer.from(hash, 'hex');
  return a.length === b.length && timingSafeEqual(a, b);
}
