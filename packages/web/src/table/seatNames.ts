import type { PublicSeat } from '@matchbox/client';
import type { TFunction } from 'i18next';

/** A seat's display name: the person's name, "Bot (medium)" in the current language, or "open". */
export function seatName(seat: PublicSeat, t: TFunction): string {
  if (seat.kind === 'bot') return t('seat.bot', { level: t(`level.${seat.level ?? 'medium'}`) });
  if (seat.kind === 'open' || !seat.name) return t('seat.open', { n: seat.seat + 1 });
  return seat.name;
}

export function seatNames(seats: readonly PublicSeat[], t: TFunction): string[] {
  return seats.map((s) => seatName(s, t));
}

/** "Ada", "Ada and Bob", "Ada, Bob and Cy" in the current language. */
export function listNames(names: readonly string[], t: TFunction): string {
  if (names.length <= 1) return names[0] ?? '';
  return t('list.and', { head: names.slice(0, -1).join(', '), last: names[names.length - 1] });
}
