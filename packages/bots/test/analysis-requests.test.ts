/**
 * Analysis requests as the server's analysis process answers them (`answerAnalyseRequest`), one
 * decision per request then the whole with them given: the same analysis as in one call.
 */
import { describe, expect, it } from 'vitest';
import { GameSession, matchmaster } from '@matchbox/engine';
import type { AnalyseRequest, DecisionAnalysis } from '../src/analysis/index.ts';
import { analyseRecord, answerAnalyseRequest } from '../src/analysis/index.ts';

let next = 0;
/** One request answered, as by the analysis process (with an id, which the answer carries back). */
const analyse = async (request: Omit<AnalyseRequest, 'id' | 'stop'>) => {
  const id = next++;
  const answer = answerAnalyseRequest({ ...request, id });
  expect(answer.id).toBe(id);
  return answer;
};

/** A short 3-player game in which every seat takes its first legal action. */
function record() {
  const started = GameSession.start(matchmaster, {
    players: 3,
    seed: 'worker-analysis',
    options: { handSizes: [2, 1] },
  });
  if (!started.ok) throw new Error(started.error.message);
  const { session } = started.value;
  while (!matchmaster.isOver(session.state)) {
    const seat = matchmaster.toAct(session.state)[0]!;
    session.act(seat, matchmaster.legalActions(session.state, seat)[0]);
  }
  return session.record();
}

describe('analysis requests, one decision per request', () => {
  it('the decisions one at a time, then the whole with them given, equal the analysis in one call', async () => {
    const rec = record();
    const options = { budget: 100, seed: 'w' };
    const whole = analyseRecord(rec, options);
    if (!whole.ok) throw new Error(whole.error.message);
    const decisions: DecisionAnalysis[] = [];
    for (const move of whole.value.decisionMoves) {
      const a = await analyse({
        kind: 'analyse',
        record: rec,
        options: { ...options, only: [move], hindsight: false },
      });
      if (!a.ok) throw new Error(a.error.message);
      expect(a.analysis.decisions).toHaveLength(1);
      decisions.push(a.analysis.decisions[0]!);
    }
    const assembled = await analyse({
      kind: 'analyse',
      record: rec,
      options: { ...options, given: decisions },
    });
    expect(assembled).toMatchObject({ ok: true, analysis: whole.value });
  });

  it('a bad request is an answer with a code', async () => {
    const a = await analyse({ kind: 'analyse', record: { nonsense: 1 } as never, options: {} });
    expect(a).toMatchObject({ ok: false, error: { code: 'malformed_record' } });
    const b = await analyse({ kind: 'analyse', record: record(), options: { seats: [9] } });
    expect(b).toMatchObject({ ok: false, error: { code: 'bad_seat' } });
  });
});
