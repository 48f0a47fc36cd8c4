/**
 * The table page's reports and blocks: the blocked seats (from this browser at once, then from the
 * server), blocking a seat, and the report being written (whose seat or line, what came of it).
 */
import type { ReportReason } from '@matchbox/client';
import type { TFunction } from 'i18next';
import { useEffect, useRef, useState } from 'react';
import { errorText } from '../errors.ts';
import type { ReportTarget } from './blocks.ts';
import { blocksApi, loadBlockedSeats, saveBlockedSeats } from './blocks.ts';

export interface Reporting {
  readonly target: ReportTarget;
  /** Who is reported, as the page names them. */
  readonly name: string;
}

/** What the last report or block came to, in words; a block's notice links to the list of blocks. */
interface Notice {
  readonly text: string;
  readonly ofBlock: boolean;
}

export function useBlocks(tableId: string, t: TFunction) {
  const [blocked, setBlocked] = useState<ReadonlySet<number>>(() => loadBlockedSeats(tableId));
  const [reporting, setReporting] = useState<Reporting | null>(null);
  /** What the last report or block came to, in words (sent, or the refusal). */
  const [notice, setNotice] = useState<Notice | null>(null);
  /** Seats blocked on this page: a server answer that left before the block does not undo it. */
  const blockedHere = useRef(new Set<number>());

  useEffect(() => {
    let live = true;
    blocksApi.blockedSeats(tableId).then(
      (seats) => {
        if (!live) return;
        const next = new Set([...seats, ...blockedHere.current]);
        setBlocked(next);
        saveBlockedSeats(tableId, next);
      },
      () => undefined, // the seats kept in this browser stay
    );
    return () => {
      live = false;
    };
  }, [tableId]);

  const block = async (seat: number, name: string): Promise<void> => {
    try {
      await blocksApi.block(tableId, seat);
      blockedHere.current.add(seat);
      const next = new Set(blocked).add(seat);
      setBlocked(next);
      saveBlockedSeats(tableId, next);
      setNotice({ text: t('report.blocked', { name }), ofBlock: true });
    } catch (e) {
      setNotice({ text: errorText(e, t), ofBlock: false });
    }
  };

  const send = async (reason: ReportReason, note: string): Promise<boolean> => {
    if (!reporting) return false;
    try {
      await blocksApi.report(tableId, reporting.target, reason, note);
      setNotice({ text: t('report.sent', { name: reporting.name }), ofBlock: false });
      setReporting(null);
      return true;
    } catch (e) {
      setNotice({ text: errorText(e, t), ofBlock: false });
      return false;
    }
  };

  const start = (target: ReportTarget, name: string) => {
    setNotice(null);
    setReporting({ target, name });
  };
  return { blocked, block, reporting, start, cancel: () => setReporting(null), send, notice };
}

export type Blocks = ReturnType<typeof useBlocks>;
