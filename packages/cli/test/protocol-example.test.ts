/** The worked example of docs/protocol.md, replayed line by line against the engine session. */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { EngineSession } from '../src/commands/engine.ts';

describe('docs/protocol.md worked example', () => {
  it('produces exactly the documented replies', () => {
    const doc = readFileSync(new URL('../../../docs/protocol.md', import.meta.url), 'utf8');
    const requests = doc
      .split('\n')
      .filter((l) => l.startsWith('> '))
      .map((l) => l.slice(2));
    const replies = doc
      .split('\n')
      .filter((l) => l.startsWith('< '))
      .map((l) => l.slice(2));
    expect(requests.length).toBeGreaterThan(5);
    expect(replies).toHaveLength(requests.length);
    const session = new EngineSession();
    requests.forEach((req, i) => expect(session.handleLine(req)).toBe(replies[i]));
  });
});
