/**
 * Speech bubbles: a line said at the table shows for a few seconds at the speaker's seat, so a
 * word is seen where the players look (on a phone the chat panel is far below the felt). The
 * bubble stands over the speaker's chip on the felt (`[data-seat-chip]`, where a board draws one)
 * or the players panel, when that is on the screen; otherwise it stays at the top of the screen.
 * Only lines said while the page is open bubble (not the history), never one's own, never a muted
 * person's. The chat panel keeps every line and announces it; the bubbles are for the eye only.
 */
import type { ChatLine } from '@matchbox/client';
import type { CSSProperties } from 'react';
import { useEffect, useLayoutEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { loadBlockedSeats, fromBlocked } from './blocks.ts';
import { loadMutes, muteKey } from './chatMutes.ts';

/** How long a bubble shows (ms). */
export const BUBBLE_MS = 5000;
/** At most this many bubbles at once; a speaker's new line replaces their last. */
const MAX_BUBBLES = 3;

export function SeatBubbles({
  tableId,
  said,
  mySeat,
}: {
  tableId: string;
  /** The lines said live (useTable's `said`), oldest first. */
  said: readonly ChatLine[];
  mySeat: number | null;
}) {
  const bubbles = useBubbles(tableId, said, mySeat);
  return (
    <div className="seat-bubbles" aria-hidden="true">
      {bubbles.map((line) => (
        <Bubble key={line.id} line={line} />
      ))}
    </div>
  );
}

/** The lines to show now: each new line of another person for `BUBBLE_MS`. */
function useBubbles(tableId: string, said: readonly ChatLine[], mySeat: number | null): ChatLine[] {
  const [shown, setShown] = useState<ChatLine[]>([]);
  const handled = useRef(new Set<string>());
  useEffect(() => {
    const mutes = loadMutes(tableId);
    const blocked = loadBlockedSeats(tableId);
    const fresh = said.filter(
      (l) =>
        !handled.current.has(l.id) &&
        !(l.seat !== null && l.seat === mySeat) &&
        !mutes.has(muteKey(l)) &&
        !fromBlocked(l, blocked),
    );
    for (const l of said) handled.current.add(l.id);
    if (fresh.length === 0) return;
    setShown((now) => {
      const speakers = new Set(fresh.map(muteKey));
      return [...now.filter((l) => !speakers.has(muteKey(l))), ...fresh].slice(-MAX_BUBBLES);
    });
    const ids = new Set(fresh.map((l) => l.id));
    // Not cleared when `said` changes again: each batch goes after its own time.
    setTimeout(() => setShown((now) => now.filter((l) => !ids.has(l.id))), BUBBLE_MS);
  }, [tableId, said, mySeat]);
  return shown;
}

function Bubble({ line }: { line: ChatLine }) {
  const { t } = useTranslation();
  const ref = useRef<HTMLDivElement>(null);
  const [place, setPlace] = useState<CSSProperties>({ visibility: 'hidden' });
  useLayoutEffect(() => {
    let frame = 0;
    const follow = () => {
      cancelAnimationFrame(frame);
      frame = requestAnimationFrame(() => {
        if (ref.current) setPlace(placeFor(line, ref.current));
      });
    };
    if (ref.current) setPlace(placeFor(line, ref.current));
    window.addEventListener('scroll', follow, true);
    window.addEventListener('resize', follow);
    return () => {
      cancelAnimationFrame(frame);
      window.removeEventListener('scroll', follow, true);
      window.removeEventListener('resize', follow);
    };
  }, [line]);
  const words = line.text ?? (line.phrase ? t(`chat.phrases.${line.phrase}`) : '');
  return (
    <div ref={ref} className="seat-bubble" style={place} data-seat={line.seat ?? 'spectator'}>
      <span className="seat-bubble-name">{line.name}</span> {words}
    </div>
  );
}

/** Where a line's bubble goes: over the speaker's seat when it is on the screen, else at the top. */
function placeFor(line: ChatLine, bubble: HTMLElement): CSSProperties {
  const width = window.innerWidth;
  const box = bubble.getBoundingClientRect();
  const seat = line.seat === null ? null : seatOnScreen(line.seat);
  const left = (x: number) => Math.max(4, Math.min(width - box.width - 4, x - box.width / 2));
  if (!seat) return { top: 8, left: left(width / 2) };
  const above = seat.top - box.height - 6;
  return { top: above >= 4 ? above : seat.bottom + 6, left: left(seat.left + seat.width / 2) };
}

/** The box of `seat`'s chip on the felt, or in the players panel, when it is wholly on the screen. */
function seatOnScreen(seat: number): DOMRect | null {
  for (const selector of [`[data-seat-chip="${seat}"]`, `.side .seat[data-seat="${seat}"]`]) {
    const el = document.querySelector(selector);
    if (!el) continue;
    const r = el.getBoundingClientRect();
    if (r.width > 0 && r.top >= 0 && r.bottom <= window.innerHeight) return r;
  }
  return null;
}
