/** A simulated person for server tests: plays a random legal action whenever its seat may act. */
import type { TableConnection, TableUpdate } from '@matchbox/client';
import { Rng } from '@matchbox/engine';

/** An action the server confirmed, with the version it became. */
export interface Committed {
  version: number;
  seat: number;
  action: string;
}

/**
 * Plays for `seat` on `conn` with a generator seeded by `seed`; every confirmed action is pushed
 * to `committed`. Returns the list of updates the connection received.
 */
export function autoplay(
  conn: TableConnection,
  seat: number,
  seed: string,
  committed: Committed[],
  actTimeoutMs = 3000,
): TableUpdate[] {
  const rng = Rng.fromSeed(seed);
  const seen: TableUpdate[] = [];
  let busy = false;
  const step = async () => {
    const u = conn.latest;
    if (busy || !u || u.legal.length === 0 || u.status !== 'playing') return;
    busy = true;
    const choice = u.legal[rng.int(u.legal.length)]!;
    const ack = await conn.act(choice.text, actTimeoutMs);
    busy = false;
    if (ack.ok) committed.push({ version: ack.version, seat, action: choice.text });
    setTimeout(() => void step(), ack.ok ? 0 : 100);
  };
  conn.onUpdate((u) => {
    seen.push(u);
    void step();
  });
  // A seat that is to act already (the game started before this was called) moves at once.
  void step();
  return seen;
}
