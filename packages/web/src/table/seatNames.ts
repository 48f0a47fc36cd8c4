import type { PublicSeat } from '@matchbox/client';
import type { TFunction } from 'i18next';

/**
 * A seat's display name: the person's name; a bot's animal in the current language ("Fox",
 * "Fuchs"; an old table's bot without one: "Bot (medium)"); or "Open seat 3".
 */
export function seatName(seat: PublicSeat, t: TFunction): string {
  if (seat.kind === 'bot')
    return seat.avatar
      ? t(`avatars.${seat.avatar}`)
      : t('seat.bot', { level: t(`level.${seat.level ?? 'medium'}`) });
  if (seat.kind === 'open' || !seat.name) return t('seat.open', { n: seat.seat + 1 });
  return seat.name;
}

/**
 * Every seat's display name, each different: when two seats would read the same (a person named
 * like a bot's animal in this language), the later ones get their seat number.
 */
export function seatNames(seats: readonly PublicSeat[], t: TFunction): string[] {
  const names = seats.map((s) => seatName(s, t));
  const seen = new Set<string>();
  return names.map((name, i) => {
    const key = name.toLocaleLowerCase();
    const unique = seen.has(key) ? `${name} (${i + 1})` : name;
    seen.add(key);
    return unique;
  });
}

/** "Ada", "Ada and Bob", "Ada, Bob and Cy" in the current language. */
export function listNames(names: readonly string[], t: TFunction): string {
  if (names.length <= 1) return names[0] ?? '';
  return t('list.and', { head: names.slice(0, -1).join(', '), last: names[names.length - 1] });
}
