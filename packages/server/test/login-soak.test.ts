/**
 * Soak only (`npm run test:soak:server`): a name under a guessing attack from many addresses. After
 * 1,000 wrong guesses from 100 other addresses (10 each, the pair limit), its owner logs in from
 * an address of its own within 5 s: the name only slows down (capped, account-limits.ts), it is
 * never locked.
 */
import { describe, expect, it } from 'vitest';
import { DEFAULT_LIMITS } from '../src/account-limits.ts';
import { codeIn, fromAddress } from './from-address.ts';
import { startTestServer } from './helpers.ts';

const SOAK = process.env.MATCHBOX_SOAK === '1';
const password = 'correct horse battery';

describe.runIf(SOAK)('a name under a guessing attack', () => {
  it('lets its owner in within 5 s after 1,000 wrong guesses from other addresses', async () => {
    const server = await startTestServer();
    try {
      const signUp = await fromAddress(server.url, 'POST', '/api/account/signup', {
        body: { name: 'Ada', password },
      });
      expect(signUp.status).toBe(201);
      const addresses = Array.from(
        { length: 100 },
        (_, i) => `127.0.${1 + Math.floor(i / 200)}.${(i % 200) + 2}`,
      );
      const answers = new Map<string, number>();
      // Every address guesses at once, each its ten guesses one after another.
      await Promise.all(
        addresses.map(async (from) => {
          for (let i = 0; i < DEFAULT_LIMITS.failedPerPair; i++) {
            const answer = await fromAddress(server.url, 'POST', '/api/account/login', {
              body: { name: 'Ada', password: `guess ${from} ${i}` },
              from,
            });
            const code = codeIn(answer) ?? String(answer.status);
            answers.set(code, (answers.get(code) ?? 0) + 1);
          }
        }),
      );
      expect(answers).toEqual(new Map([['bad_credentials', 1_000]]));
      // Each of those addresses is now refused for this name...
      const again = await fromAddress(server.url, 'POST', '/api/account/login', {
        body: { name: 'Ada', password },
        from: addresses[0]!,
      });
      expect(codeIn(again)).toBe('rate_limited');
      // ...and the owner gets in.
      const started = Date.now();
      const owner = await fromAddress(server.url, 'POST', '/api/account/login', {
        body: { name: 'Ada', password },
        from: '127.0.0.1',
      });
      const took = Date.now() - started;
      expect(owner.status).toBe(200);
      expect(took).toBeLessThan(5_000);
    } finally {
      await server.stop();
    }
  }, 600_000);
});
