/**
 * Sealed seat tokens (sealed.ts): what an account keeps for a member's other devices opens only
 * with the server's key, any change to it is detected, and the key comes from MATCHBOX_SECRET or
 * from a key file made once in the data folder.
 */
import { mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { isSealed, loadSealKey, seal, unseal } from '../src/sealed.ts';

const dirs: string[] = [];
const tempDir = () => {
  const d = mkdtempSync(join(tmpdir(), 'matchbox-seal-'));
  dirs.push(d);
  return d;
};
afterAll(() => {
  for (const d of dirs) rmSync(d, { recursive: true, force: true });
});

describe('sealed seat tokens', () => {
  const token = 'c2VhdC10b2tlbi1vZi1hZGEtMTIzNDU2Nzg5MA';

  it('seal and open: the token is nowhere in the sealed text, and each sealing differs', () => {
    const { key } = loadSealKey('a secret of this deployment', tempDir());
    const a = seal(key, token);
    const b = seal(key, token);
    expect(isSealed(a)).toBe(true);
    expect(a).not.toContain(token);
    expect(a).not.toBe(b);
    expect(unseal(key, a)).toBe(token);
    expect(unseal(key, b)).toBe(token);
  });

  it('another key, a changed byte or a cut value do not open', () => {
    const { key } = loadSealKey('one secret', tempDir());
    const { key: other } = loadSealKey('another secret', tempDir());
    const sealed = seal(key, token);
    expect(unseal(other, sealed)).toBeNull();
    const [prefix, nonce, body, tag] = sealed.split('.');
    const flipped = body!.startsWith('A') ? `B${body!.slice(1)}` : `A${body!.slice(1)}`;
    expect(unseal(key, [prefix, nonce, flipped, tag].join('.'))).toBeNull();
    expect(unseal(key, [prefix, nonce, body].join('.'))).toBeNull();
    expect(unseal(key, 's1.')).toBeNull();
  });

  it('a value stored before sealing reads as it is', () => {
    const { key } = loadSealKey('x'.repeat(40), tempDir());
    expect(unseal(key, token)).toBe(token);
  });

  it('without MATCHBOX_SECRET the key is made once in the data folder, for its owner only', () => {
    const dir = tempDir();
    const first = loadSealKey(undefined, join(dir, 'data'));
    expect(first.source).toBe('file');
    const file = join(dir, 'data', 'secret.key');
    expect(statSync(file).mode & 0o777).toBe(0o600);
    const again = loadSealKey(undefined, join(dir, 'data'));
    expect(again.key.equals(first.key)).toBe(true);
    expect(unseal(again.key, seal(first.key, token))).toBe(token);
    // The secret, when set, wins over the file.
    expect(loadSealKey('set by the operator', join(dir, 'data')).source).toBe('env');
    expect(readFileSync(file, 'utf8').trim().length).toBeGreaterThanOrEqual(32);
    writeFileSync(file, 'short\n');
    expect(() => loadSealKey(undefined, join(dir, 'data'))).toThrow(/holds no key/);
  });
});
