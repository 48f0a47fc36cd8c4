/**
 * The move in flight, shared by every game's board (lichess's `transientMove`): one action at a
 * time, busy from the click until the server answers (with `holdTaken`, when it took the move,
 * until the next position's choices arrive, so that a quick second click cannot repeat it). A refusal is shown in the
 * reader's language from the one `errors` namespace; an answer that never came (the connection
 * threw) says so with its message.
 */
import { useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ERRORS_NS, refusalText } from '../errors.ts';
import type { BoardProps } from '../games/types.ts';

export interface SendOptions {
  /** The seat's legal choices now: a new list clears a refusal (and ends `holdTaken`'s wait). */
  readonly legal: BoardProps['legal'];
  /** A move taken keeps the board busy until the next position's choices arrive. */
  readonly holdTaken?: boolean;
  /** Before a move leaves (a board puts away what the move makes old). */
  readonly onSend?: () => void;
  /** Once the server answered, whether it took the move or not (a board closes its picker). */
  readonly onSettled?: (taken: boolean) => void;
}

export interface Sender {
  /** Sends a legal choice's notation; resolves with whether the server took it. */
  readonly send: (text: string) => Promise<boolean>;
  /** A move is on its way (or taken, and the next position not yet here). */
  readonly busy: boolean;
  /** The refusal in words, until the next move or the next position; none: null. */
  readonly error: string | null;
  /** Shows the board's own words in the refusal's place (a bid no choice offers); null clears it. */
  readonly refuse: (words: string | null) => void;
}

export function useSend(
  act: BoardProps['act'],
  { legal, holdTaken = false, onSend, onSettled }: SendOptions,
): Sender {
  const { t } = useTranslation(ERRORS_NS);
  const inFlight = useRef(false);
  const [sending, setSending] = useState(false);
  const [takenWith, setTakenWith] = useState<BoardProps['legal'] | null>(null);
  const [error, setError] = useState<string | null>(null);
  // A new position clears an old refusal.
  useEffect(() => setError(null), [legal]);
  const hooks = useRef({ onSend, onSettled });
  hooks.current = { onSend, onSettled };
  const held = takenWith === legal;

  const send = useCallback(
    async (text: string): Promise<boolean> => {
      if (inFlight.current || held) return false;
      inFlight.current = true;
      setSending(true);
      setError(null);
      hooks.current.onSend?.();
      let taken = false;
      try {
        const answer = await act(text);
        taken = answer.ok;
        if (!taken) setError(answer.error ? refusalText(answer.error, t) : t('not_accepted'));
        else if (holdTaken) setTakenWith(legal);
      } catch (e) {
        setError(t('refused', { message: e instanceof Error ? e.message : String(e) }));
      } finally {
        inFlight.current = false;
        setSending(false);
      }
      hooks.current.onSettled?.(taken);
      return taken;
    },
    [act, held, holdTaken, legal, t],
  );

  return { send, busy: sending || held, error, refuse: setError };
}
