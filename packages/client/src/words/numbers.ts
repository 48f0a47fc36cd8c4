/**
 * A score with its sign, as score sheets and the games' sentences write a round's points: "+8",
 * "0", "-3" (the minus as every total is written, `String(n)`, so that a line reads alike).
 */
export const signed = (n: number): string => (n > 0 ? `+${n}` : String(n));
