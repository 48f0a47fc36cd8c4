/**
 * Names and faces at a table: every bot wears an animal nobody else at the table wears and is
 * named after it; a person without a chosen face gets a free one; and no two seats share a name
 * (nor two that look alike: a second "Ada" is refused, names.ts).
 */
import type { AvatarId, SeatRecord } from '@matchbox/client/wire';
import { AVATARS, BOT_NAMES } from '@matchbox/client/wire';
import { createHash } from 'node:crypto';
import { nameKey } from './names.ts';

/** The animals in a table's own order, so that tables differ but one table's faces never change. */
export function avatarOrder(tableId: string): AvatarId[] {
  const start = createHash('sha256').update(tableId).digest()[0]! % AVATARS.length;
  return AVATARS.map((_, i) => AVATARS[(start + i) % AVATARS.length]!);
}

/** The first animal in the table's order that no seat (except `except`) wears. */
export function freeAvatar(tableId: string, seats: readonly SeatRecord[], except = -1): AvatarId {
  const worn = new Set(seats.filter((s, i) => i !== except && s.kind !== 'open').map((s) => s.avatar));
  const order = avatarOrder(tableId);
  return order.find((a) => !worn.has(a)) ?? order[0]!;
}

/** A bot's seat wearing an animal nobody else wears, named after it (a name nobody else has). */
export function botSeat(
  tableId: string,
  seats: readonly SeatRecord[],
  seat: number,
  level: NonNullable<SeatRecord['level']>,
): SeatRecord {
  const others = seats.filter((s, i) => i !== seat && s.kind !== 'open');
  const worn = new Set(others.map((s) => s.avatar));
  const names = new Set(others.flatMap((s) => (s.name ? [nameKey(s.name)] : [])));
  const order = avatarOrder(tableId);
  const avatar =
    order.find((a) => !worn.has(a) && !names.has(nameKey(BOT_NAMES[a]))) ?? freeAvatar(tableId, seats, seat);
  return {
    kind: 'bot',
    name: uniqueName(BOT_NAMES[avatar], seats, seat),
    avatar,
    level,
    tokenHash: null,
    left: false,
  };
}

/** The names at the seats other than `seat` (bots' too; an open seat has none). */
export function seatNames(seats: readonly SeatRecord[], seat: number): string[] {
  return seats.flatMap((s, i) => (i !== seat && s.kind !== 'open' && s.name ? [s.name] : []));
}

/**
 * A bot's `name`, or `name 2`, `name 3`, ... when another seat (not `seat`) already has it or a
 * look-alike of it (names.ts). A person is never renamed: a name another seat has is refused.
 */
export function uniqueName(name: string, seats: readonly SeatRecord[], seat: number): string {
  const taken = new Set(seatNames(seats, seat).map(nameKey));
  if (!taken.has(nameKey(name))) return name;
  for (let n = 2; ; n++) {
    const candidate = `${name.slice(0, 29)} ${n}`;
    if (!taken.has(nameKey(candidate))) return candidate;
  }
}
