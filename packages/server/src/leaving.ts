/**
 * Leaving has a cost (docs/server.md, "Leaving has a cost"). A person who leaves a started game
 * (an explicit leave, or a stand-in still playing for them, away or absent, when it ends) is kept
 * in `leaves` (stand-ins.ts `charge`); a member of a rated game is rated alone for it, as last
 * place (ratings.ts `rateLeaver`), and for the others the game is unrated, so they lose nothing.
 *
 * A person who leaves repeatedly gets a short pause from pairing ("Play now"), growing with each
 * leave in the last day, told with the reason and the end (as lichess's play bans are): the
 * pairing pool asks `pairingPauseFor(person)` before it takes anyone in, and refuses a paused
 * person with `pausedRefusal` (code `paused`).
 */
import type { ServerError } from './outcome.ts';
import type { Store } from './store.ts';

/** The leaves that count towards a pause: those of the last day. */
export const PAUSE_WINDOW_MS = 24 * 60 * 60 * 1000;
/** Leaves in the window that go without a pause (a tab closed by mistake happens to anyone). */
export const FREE_LEAVES = 1;
/** The first pause; each further leave in the window makes it three times as long. */
export const FIRST_PAUSE_MS = 5 * 60 * 1000;
/** The longest pause. */
export const MAX_PAUSE_MS = 24 * 60 * 60 * 1000;

/** A person as leaving's cost knows them: `a:<account id>` or `g:<browser id>`. */
export type Person = string;

/** A browser's own random id, as its pages send it (the `X-Matchbox-Browser` header). */
const BROWSER_ID = /^[A-Za-z0-9_-]{16,64}$/;

/**
 * Who asks: the member, else the guest's browser by the id it sent (`X-Matchbox-Browser`), else
 * nobody known (null: no leave can be kept for them, and no pause).
 */
export function personOf(account: string | null, browser: string | undefined): Person | null {
  if (account !== null) return `a:${account}`;
  return browser !== undefined && BROWSER_ID.test(browser) ? `g:${browser}` : null;
}

export interface PairingPause {
  /** Why: the person left this many games in the last day. */
  readonly reason: 'left_games';
  readonly leaves: number;
  /** When the pause ends (ms since the epoch). */
  readonly until: number;
}

/** How long the pause after `leaves` leaves in the window is: 0, then 5, 15, 45 min, ... a day. */
export function pauseLength(leaves: number): number {
  if (leaves <= FREE_LEAVES) return 0;
  return Math.min(FIRST_PAUSE_MS * 3 ** (leaves - FREE_LEAVES - 1), MAX_PAUSE_MS);
}

/** The person's pause from pairing now, counted from their latest leave, or null. */
export async function pairingPauseFor(
  store: Pick<Store, 'leavesOf'>,
  person: Person,
  now: number,
): Promise<PairingPause | null> {
  const leaves = await store.leavesOf(person, now - PAUSE_WINDOW_MS);
  const latest = leaves[0];
  if (!latest) return null;
  const until = latest.at + pauseLength(leaves.length);
  return until > now ? { reason: 'left_games', leaves: leaves.length, until } : null;
}

/** The refusal a paused person is told: the reason and the end. */
export function pausedRefusal(pause: PairingPause): ServerError & { until: number } {
  return {
    code: 'paused',
    message: `You left ${pause.leaves} games in the last day: you can be paired again at ${new Date(pause.until).toISOString()}.`,
    until: pause.until,
  };
}
