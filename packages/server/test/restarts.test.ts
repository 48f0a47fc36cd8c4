/**
 * The supervisor's rule for giving up (restarts.ts): failed starts counted in a row, whatever
 * time each took, and a process that served for a while making the run healthy again.
 */
import { describe, expect, it } from 'vitest';
import { FAILED_STARTS, QUICK_DEATH_MS, RestartRule } from '../src/restarts.ts';

describe('when the supervisor stops restarting', () => {
  it('stops after five processes in a row died before they listened, however slow each start', () => {
    const rule = new RestartRule();
    const slowStart = 10 * QUICK_DEATH_MS; // a loaded machine: each start outlives any window
    const answers = Array.from({ length: FAILED_STARTS }, () => rule.died(false, slowStart));
    expect(answers).toEqual(['restart', 'restart', 'restart', 'restart', 'stop']);
  });

  it('counts a process that listened but died at once as a failed start', () => {
    const rule = new RestartRule();
    for (let i = 1; i < FAILED_STARTS; i++) expect(rule.died(true, 1_000)).toBe('restart');
    expect(rule.died(true, 1_000)).toBe('stop');
  });

  it('restarts forever when deaths come after a while of serving', () => {
    const rule = new RestartRule();
    for (let i = 0; i < 3 * FAILED_STARTS; i++) {
      expect(rule.died(false, 50)).toBe('restart');
      expect(rule.died(true, QUICK_DEATH_MS * 60)).toBe('restart');
    }
  });

  it('forgets the failed starts once a process has served for a while', () => {
    const rule = new RestartRule();
    for (let i = 1; i < FAILED_STARTS; i++) rule.died(false, 50);
    rule.served();
    for (let i = 1; i < FAILED_STARTS; i++) expect(rule.died(false, 50)).toBe('restart');
    expect(rule.died(false, 50)).toBe('stop');
  });
});
