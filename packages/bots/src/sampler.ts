/**
 * Determinizations from plain data, so that a bot can search in a worker thread.
 *
 * The referee holds the real state. For a bot it makes `SamplerData`: the game id, the seat, and
 * the serialized state of ONE determinization for that seat (`determinize(real, seat, rng)`).
 * Everything the bot samples afterwards is a determinization of that determinization. This gives
 * exactly the samples the real state would give: `determinize` is a function of the seat's
 * information and the generator only (the contract, checked by the shared harness), and a
 * determinization carries the seat's information unchanged. So the data can cross a thread (or a
 * process) boundary, and whoever receives it still never holds the real hidden cards or the
 * real generator's future.
 */
import type { AnyGame, EngineError, JsonObject, Result, Seat } from '@matchbox/engine';
import { Rng, getGame } from '@matchbox/engine';

/** What a sampler is rebuilt from: plain JSON, safe to post to a worker. */
export interface SamplerData {
  readonly game: string;
  readonly seat: Seat;
  /** `serialize` of a state the seat cannot tell from the real one (a determinization of it). */
  readonly state: JsonObject;
}

export type Sampler = (rng: Rng) => unknown;

/** The generator of the one determinization that stands in for the real state. */
const baseRng = (seat: Seat): Rng => Rng.fromSeed(`matchbox-bots:base:${seat}`);

/** The plain data a sampler for `seat` is built from: a serialized determinization. */
export function samplerData(game: AnyGame, state: unknown, seat: Seat): SamplerData {
  return { game: game.meta.id, seat, state: game.serialize(game.determinize(state, seat, baseRng(seat))) };
}

/** Rebuilds a sampler (and the state it samples from) from plain data. Bad data is an error value. */
export function samplerFrom(data: SamplerData, game?: AnyGame): Result<{ sample: Sampler; base: unknown }> {
  const g = game ?? getGame(data.game);
  if (!g || g.meta.id !== data.game) {
    const error: EngineError = { code: 'unknown_game', message: `No game "${String(data.game)}".` };
    return { ok: false, error };
  }
  const loaded = g.deserialize(data.state);
  if (!loaded.ok) return loaded;
  const base: unknown = loaded.value;
  const seat = data.seat;
  return { ok: true, value: { base, sample: (rng) => g.determinize(base, seat, rng) as unknown } };
}

/**
 * A sampler for `seat` in `state`, made lazily the first time it is asked for a sample (bots that
 * never sample cost nothing), by the same plain-data route a worker takes.
 */
export function lazySampler(game: AnyGame, state: unknown, seat: Seat): Sampler {
  let sample: Sampler | null = null;
  return (rng) => {
    if (!sample) {
      const built = samplerFrom(samplerData(game, state, seat), game);
      if (!built.ok) {
        throw new Error(
          `${game.meta.id}: a determinization for seat ${seat} does not load back (${built.error.code}: ${built.error.message})`,
        );
      }
      sample = built.value.sample;
    }
    return sample(rng);
  };
}
