// An analysis's unit is shown as its game's plugin says (analysisUnits): a chance as a percentage,
// points as they are; a unit the web does not know (a newer server's game) as points.
import { describe, expect, it } from 'vitest';
import type { GameAnalysis } from '../src/replay/analysis.ts';
import { formatValue, unitShape } from '../src/replay/analysis.ts';

const of = (game: string, unit: string) => ({ game, unit }) as GameAnalysis;

describe("an analysis's unit", () => {
  it("is shown as its game's plugin declares it", () => {
    expect(formatValue(of('matchet', 'win-chance'), 0.6)).toBe('60');
    expect(formatValue(of('matchet', 'points'), 0.6)).toBe('0.6');
    expect(formatValue(of('matchmaster', 'hand-points'), 12.4, 'de')).toBe('12');
    expect(formatValue(of('matchmaster', 'hand-points'), 0.25, 'de')).toBe('0,3');
    expect(unitShape(of('matchmaster', 'hand-points')).score).toBe('points');
    expect(unitShape(of('match', 'round-points')).score).toBe('points');
  });

  it('a unit no plugin declares is shown as points', () => {
    expect(unitShape(of('fifth', 'towers'))).toEqual({});
    expect(formatValue(of('fifth', 'towers'), 0.6)).toBe('0.6');
  });
});
