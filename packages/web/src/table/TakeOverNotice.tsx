/**
 * The table is told when a person takes over a bot's seat (pairing: someone pressed "Play now"
 * while this game ran, and sits down at the new hand or round): their face and name, and whose
 * seat it was. Only a bot's seat turning into a person's is told; a person's seat never turns
 * into a person's of another without leaving first.
 */
import type { AvatarId, PublicSeat } from '@matchbox/client';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Avatar } from './Avatar.tsx';

interface TakeOver {
  readonly seat: number;
  readonly name: string;
  readonly avatar: AvatarId | null;
  /** The bot's name. */
  readonly was: string;
}

/** The latest bot seat taken over by a person, between two of the table's updates. */
export function takenOver(before: readonly PublicSeat[], after: readonly PublicSeat[]): TakeOver | null {
  const seat = after.find((s) => s.kind === 'human' && before[s.seat]?.kind === 'bot');
  if (!seat) return null;
  return {
    seat: seat.seat,
    name: seat.name ?? '',
    avatar: seat.avatar ?? null,
    was: before[seat.seat]?.name ?? '',
  };
}

export function TakeOverNotice({ seats }: { seats: readonly PublicSeat[] }) {
  const { t } = useTranslation();
  const before = useRef<readonly PublicSeat[] | null>(null);
  const [notice, setNotice] = useState<TakeOver | null>(null);
  useEffect(() => {
    const previous = before.current;
    before.current = seats;
    const taken = previous ? takenOver(previous, seats) : null;
    if (taken) setNotice(taken);
  }, [seats]);
  return (
    <p className="take-over-notice" role="status" data-seat={notice?.seat}>
      {notice ? (
        <>
          <Avatar avatar={notice.avatar} name={notice.name} size={24} />{' '}
          {t('seat.tookOver', { name: notice.name, was: notice.was })}
        </>
      ) : null}
    </p>
  );
}
