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

export function useBlocks(tableId: string, t: TFunction) {
  const [blocked, setBlocked] = useState<ReadonlySet<number>>(() => loadBlockedSeats(tableId));
  const [reporting, setReporting] = useState<Reporting | null>(null);
  /** What the last report or block came to, in words (sent, or the refusal). */
  const [notice, setNotice] = useState<string | null>(null);
  /** The notice says a block was made (it links to the list of blocks). */
  const [noticeOfBlock, setNoticeOfBlock] = useState(false);
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
      setNotice(t('report.blocked', { name }));
      setNoticeOfBlock(true);
    } catch (e) {
      setNotice(errorText(e, t));
      setNoticeOfBlock(false);
    }
  };

  const send = async (reason: ReportReason, note: string): Promise<boolean> => {
    if (!reporting) return false;
    try {
      await blocksApi.report(tableId, reporting.target, reason, note);
      setNotice(t('report.sent', { name: reporting.name }));
      setNoticeOfBlock(false);
      setReporting(null);
      return true;
    } catch (e) {
      setNotice(errorText(e, t));
      setNoticeOfBlock(false);
      return false;
    }
  };

  const start = (target: ReportTarget, name: string) => {
    setNotice(null);
    setReporting({ target, name });
  };
  return { blocked, block, reporting, start, cancel: () => setReporting(null), send, notice, noticeOfBlock };
}

export type Blocks = ReturnType<typeof useBlocks>;
