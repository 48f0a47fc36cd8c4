/**
 * The MATCH! table's controller: the seat's choices sorted by card and stack, the open picker (a
 * card with several moves, a wildcard's declaration), the round summary kept on the table, and the
 * move in flight. The views (Board.tsx) only draw what it holds and call its intents.
 */
import type { MatchEvent, MatchView } from '@matchbox/engine';
import type { RefObject } from 'react';
import { useEffect, useMemo, useRef, useState } from 'react';
import type { Sender } from '../../board/useSend.ts';
import { useSend } from '../../board/useSend.ts';
import type { BoardProps } from '../types.ts';
import type { MatchChoices } from './choices.ts';
import { WILDCARD, sortChoices } from './choices.ts';
import type { Translate } from './log.ts';
import { describe, seatName } from './log.ts';

export type Panel = { readonly kind: 'card'; readonly card: string } | { readonly kind: 'wild' } | null;

/** A round as the score pad keeps it. */
export type MatchRound = MatchView['rounds'][number];

export interface MatchBoard {
  readonly choices: MatchChoices;
  readonly sender: Sender;
  readonly myTurn: boolean;
  /** The seat to move (the view's, else the shell's). */
  readonly mover: number | undefined;
  /** The other seats in playing order after the viewer. */
  readonly others: readonly number[];
  /** What just happened at the pile, in words (the latest three events). */
  readonly latest: readonly string[];
  readonly status: string;
  /** The round just scored, while it stays on the table. */
  readonly roundSummary: MatchRound | undefined;
  readonly closeSummary: () => void;
  readonly panel: Panel;
  readonly closePanel: () => void;
  readonly handRef: RefObject<HTMLDivElement | null>;
  readonly panelRef: RefObject<HTMLDivElement | null>;
  /** A card of the hand chosen: played when it has one move, else its picker opens. */
  readonly pick: (card: string) => void;
}

export function useMatchBoard(props: BoardProps<MatchView, MatchEvent>, t: Translate): MatchBoard {
  const { view, seat, legal, toAct, events, seatNames, act } = props;
  const choices = useMemo(() => sortChoices(legal), [legal]);
  const [panel, setPanel] = usePanel(legal, view);
  const handRef = useRef<HTMLDivElement>(null);
  const panelRef = useRef<HTMLDivElement>(null);
  const returnFocus = usePanelFocus(panel, panelRef, handRef);
  const [roundSummary, closeSummary] = useRoundSummary(view, events, props.pauseUntil);
  const sender = useSend(act, { legal, onSend: closeSummary, onSettled: () => setPanel(null) });

  const myTurn = seat !== null && toAct.includes(seat) && view.phase !== 'over';
  const mover = view.toAct[0] ?? toAct[0];
  const others = playingOrder(view.players, seat);
  const latest = events
    .filter((e) => e.type !== 'round_scored' && e.type !== 'game_over')
    .slice(-3)
    .map((e) => describe(e, t, seatNames, seat));

  let status = '';
  if (view.phase === 'over') status = t('status.over');
  else if (myTurn) status = t('status.yourTurn');
  else if (mover !== undefined) status = t('status.theirTurn', { name: seatName(mover, seatNames) });

  const pick = (card: string): void => {
    if (card === WILDCARD) {
      returnFocus.current = card;
      setPanel({ kind: 'wild' });
      return;
    }
    const list = choices.byCard.get(card) ?? [];
    if (list.length === 1) void sender.send(list[0]!.text);
    else if (list.length > 1) {
      returnFocus.current = card;
      setPanel({ kind: 'card', card });
    }
  };

  return {
    choices,
    sender,
    myTurn,
    mover,
    others,
    latest,
    status,
    roundSummary,
    closeSummary,
    panel,
    closePanel: () => setPanel(null),
    handRef,
    panelRef,
    pick,
  };
}

/** The seats other than the viewer's, in playing order after it. */
function playingOrder(players: number, seat: number | null): number[] {
  const others = Array.from({ length: players }, (_, s) => s).filter((s) => s !== seat);
  if (seat !== null)
    others.sort((a, b) => ((a - seat + players) % players) - ((b - seat + players) % players));
  return others;
}

/** The open picker: a new position (other legal choices) closes it; a re-render with the same list does not. */
function usePanel(legal: BoardProps['legal'], view: MatchView): [Panel, (panel: Panel) => void] {
  const [panel, setPanel] = useState<Panel>(null);
  const legalKey = legal.map((l) => l.text).join('\n');
  useEffect(() => setPanel(null), [legalKey, view.round, view.turn]);
  return [panel, setPanel];
}

/** Focus the first choice of a picker when it opens; give focus back to its card when it closes. */
function usePanelFocus(
  panel: Panel,
  panelRef: RefObject<HTMLDivElement | null>,
  handRef: RefObject<HTMLDivElement | null>,
): RefObject<string | null> {
  const returnFocus = useRef<string | null>(null);
  useEffect(() => {
    if (panel) {
      panelRef.current?.querySelector<HTMLElement>('button')?.focus();
    } else if (returnFocus.current && handRef.current) {
      const card = handRef.current.querySelector<HTMLElement>(`[data-card-button="${returnFocus.current}"]`);
      returnFocus.current = null;
      card?.focus();
    }
  }, [panel, panelRef, handRef]);
  return returnFocus;
}

/**
 * The round just scored stays on the table, beside the next round's deal, until the seat plays in
 * the new round or puts it away. A page opened (or reloaded) during the table's pause after a
 * round has no event of it: the pause itself says that the view's latest round was just scored.
 */
function useRoundSummary(
  view: MatchView,
  events: readonly MatchEvent[],
  pauseUntil: number | null | undefined,
): [MatchRound | undefined, () => void] {
  const [summaryRound, setSummaryRound] = useState<number | null>(null);
  useEffect(() => {
    const scored = events.find((e) => e.type === 'round_scored');
    if (scored && scored.type === 'round_scored') setSummaryRound(scored.round);
  }, [events]);
  const latest = view.rounds.at(-1)?.round ?? null;
  useEffect(() => {
    if (latest !== null && (pauseUntil ?? 0) > Date.now()) setSummaryRound(latest);
  }, [pauseUntil, latest]);
  const summary = summaryRound === null ? undefined : view.rounds.find((r) => r.round === summaryRound);
  return [summary, () => setSummaryRound(null)];
}
