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
    // The record shown after the exchange is the one `save` gives, and it replays.
    const shown = /```json\n([\s\S]*?)\n```/.exec(doc.slice(doc.indexOf('A `save` at the end')))?.[1];
    const saved = JSON.parse(session.handleLine('{"cmd":"save"}')) as { record: unknown; state: unknown };
    expect(saved.record).toEqual(JSON.parse(shown ?? 'null'));
    const again = new EngineSession();
    expect(JSON.parse(again.handleLine(JSON.stringify({ cmd: 'load', record: saved.record }))).ok).toBe(true);
    expect(JSON.parse(again.handleLine('{"cmd":"save"}'))).toEqual(saved);
  });
});
