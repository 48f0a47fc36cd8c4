/**
 * The table's pause after a hand or a round (the server's `pauseUntil`, docs/server.md "The
 * table's pause"): a board shows what was just scored in the middle of its felt while it lasts,
 * for a shorter moment (`REDUCED_MS`) to a person who asks for reduced motion.
 */
import { useEffect, useState } from 'react';

/** How long a person who asks for reduced motion sees it at most (ms). */
export const REDUCED_MS = 1500;
/** The longest a pause can be (the server's bound), so a wrong clock never keeps it for long. */
const LONGEST_MS = 10_000;

const reducedMotion = (): boolean =>
  typeof matchMedia === 'function' && matchMedia('(prefers-reduced-motion: reduce)').matches;

/** Whether the table's pause ending at `until` (this page's clock) is on: true until it ends. */
export function usePause(until: number | null | undefined): boolean {
  const [on, setOn] = useState(false);
  useEffect(() => {
    const left = Math.min((until ?? 0) - Date.now(), reducedMotion() ? REDUCED_MS : LONGEST_MS);
    setOn(left > 0);
    if (left <= 0) return;
    const timer = setTimeout(() => setOn(false), left);
    return () => clearTimeout(timer);
  }, [until]);
  return on;
}
