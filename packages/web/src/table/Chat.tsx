/**
 * The table's chat: the lines so far (a reload shows them, the server keeps them with the table),
 * quick phrases for a phone (each reader sees them in their own language), a line to type, and a
 * mute per player kept in this browser (a spectator's holds whatever name they write under). Seated players write; spectators read, and write only at
 * a table that lets them (under a name no player has). Text is shown as text (React escapes it)
 * and the server has already removed control and direction characters. Without `say` (a replay)
 * it only shows the lines.
 */
import type { ChatLine, ChatPhrase, SayAck } from '@matchbox/client';
import { CHAT_MAX_CHARS } from '@matchbox/client';
import type { TFunction } from 'i18next';
import type { RefObject } from 'react';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { refusalText } from '../errors.ts';
import { storedName, validName } from '../settings.ts';
import { fromBlocked } from './blocks.ts';
import { loadMutes, muteKey, saveMutes } from './chatMutes.ts';
import { ReportForm } from './ReportForm.tsx';
import type { Blocks } from './useBlocks.ts';

/** The phrases offered as buttons (the others can still arrive from the terminal). */
const QUICK: readonly ChatPhrase[] = ['good_luck', 'one_moment', 'well_played', 'good_game'];

interface ChatProps {
  tableId: string;
  lines: readonly ChatLine[];
  mySeat: number | null;
  /** Whether this viewer may write (a seat, or a spectator where the table allows it). */
  canWrite: boolean;
  say?: (what: string | { phrase: ChatPhrase }, name?: string) => Promise<SayAck>;
  open?: boolean;
  /** Reporting a line's writer, and the seats whose people the reader blocked (their lines hidden). */
  blocks?: Blocks | null;
}

export function Chat(props: ChatProps) {
  const { lines, mySeat, canWrite, say } = props;
  const { t } = useTranslation(['common', 'errors']);
  const chat = useChat(props, t);
  const { open, shown, unread } = chat;
  return (
    <section className="panel chat" aria-labelledby="chat-title" data-testid="chat">
      <h2 id="chat-title" className="panel-title chat-title">
        <button
          type="button"
          className="chat-toggle"
          aria-expanded={open}
          aria-controls="chat-body"
          onClick={() => chat.setOpen(!open)}
        >
          {t('chat.title')}
          {unread > 0 ? (
            <span className="chat-unread" aria-label={t('chat.unread', { count: unread })}>
              {unread}
            </span>
          ) : null}
        </button>
      </h2>
      <div id="chat-body" hidden={!open}>
        <ChatLines shown={shown} mySeat={mySeat} list={chat.list} t={t} blocks={props.blocks ?? null} />
        {props.blocks ? <ReportForm blocks={props.blocks} t={t} of="line" /> : null}
        {canWrite && say ? (
          <ChatWrite chat={chat} t={t} />
        ) : say ? (
          <p className="muted chat-readonly">{t('chat.readOnly')}</p>
        ) : null}
        {chat.error ? (
          <p className="error chat-error" role="alert">
            {chat.error}
          </p>
        ) : null}
        <MuteList lines={lines} mySeat={mySeat} mutes={chat.mutes} toggleMute={chat.toggleMute} t={t} />
      </div>
    </section>
  );
}

/** The chat's state: the lines not muted, unread ones while folded, a line on its way, the mutes. */
function useChat(
  { tableId, lines, mySeat, say, open: openInitially = true, blocks = null }: ChatProps,
  t: TFunction,
) {
  const [text, setText] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [mutes, setMutes] = useState(() => loadMutes(tableId));
  const [open, setOpen] = useState(openInitially);
  const [seen, setSeen] = useState(lines.length);
  const list = useRef<HTMLOListElement>(null);
  const spectator = mySeat === null;
  const name = spectator ? storedName() : '';

  const blocked = blocks?.blocked;
  const shown = useMemo(
    () => lines.filter((l) => !mutes.has(muteKey(l)) && !(blocked && fromBlocked(l, blocked))),
    [lines, mutes, blocked],
  );
  // Unread lines while the chat is folded away.
  useEffect(() => {
    if (open) setSeen(shown.length);
  }, [open, shown.length]);
  useEffect(() => {
    const el = list.current;
    if (el) el.scrollTop = el.scrollHeight;
  }, [shown.length, open]);

  /** Sends a line or a phrase: a refusal is shown, a line taken is cleared from the field. */
  const send = async (what: string | { phrase: ChatPhrase }): Promise<void> => {
    if (busy || !say) return;
    if (spectator && !validName(name)) {
      setError(t('chat.needName'));
      return;
    }
    setBusy(true);
    setError(null);
    const ack = await say(what, spectator ? name : undefined);
    setBusy(false);
    if (!ack.ok) setError(refusalText(ack.error, t));
    else if (typeof what === 'string') setText('');
  };

  const toggleMute = (line: ChatLine) => {
    const next = new Set(mutes);
    const key = muteKey(line);
    if (next.has(key)) next.delete(key);
    else next.add(key);
    setMutes(next);
    saveMutes(tableId, next);
  };
  const unread = open ? 0 : Math.max(0, shown.length - seen);
  return { text, setText, error, busy, mutes, open, setOpen, list, shown, unread, send, toggleMute };
}

/** The lines said so far (the muted ones, and those of people the reader blocked, left out). */
function ChatLines({
  shown,
  mySeat,
  list,
  t,
  blocks,
}: {
  shown: readonly ChatLine[];
  mySeat: number | null;
  list: RefObject<HTMLOListElement | null>;
  t: TFunction;
  blocks: Blocks | null;
}) {
  if (shown.length === 0) return <p className="muted chat-empty">{t('chat.empty')}</p>;
  return (
    <ol className="chat-list" ref={list} aria-live="polite" aria-label={t('chat.title')}>
      {shown.map((l) => (
        <li
          key={l.id}
          className={`chat-line${l.seat !== null && l.seat === mySeat ? ' chat-mine' : ''}`}
          data-seat={l.seat ?? 'spectator'}
        >
          <span className="chat-name">
            {l.name}
            {l.seat === null ? <span className="chat-watching"> ({t('table.watching')})</span> : null}:
          </span>{' '}
          <span className={l.phrase ? 'chat-text chat-phrase' : 'chat-text'}>
            {l.text ?? (l.phrase ? t(`chat.phrases.${l.phrase}`) : '')}
          </span>
          {blocks && !(l.seat !== null && l.seat === mySeat) ? (
            <button
              type="button"
              className="chat-report"
              aria-label={`${t('report.reportLine')}: ${l.name}`}
              title={t('report.reportLine')}
              onClick={() => blocks.start({ line: l.id }, l.name)}
            >
              ⚑
            </button>
          ) : null}
        </li>
      ))}
    </ol>
  );
}

/** The quick phrases and the line to type. */
function ChatWrite({ chat, t }: { chat: ReturnType<typeof useChat>; t: TFunction }) {
  const { busy, send, text, setText } = chat;
  return (
    <>
      <div className="chat-quick" role="group" aria-label={t('chat.quick')}>
        {QUICK.map((p) => (
          <button
            key={p}
            type="button"
            className="button small"
            disabled={busy}
            onClick={() => void send({ phrase: p })}
          >
            {t(`chat.phrases.${p}`)}
          </button>
        ))}
      </div>
      <form
        className="chat-form"
        onSubmit={(e) => {
          e.preventDefault();
          if (text.trim()) void send(text);
        }}
      >
        <label className="visually-hidden" htmlFor="chat-input">
          {t('chat.write')}
        </label>
        <input
          id="chat-input"
          value={text}
          maxLength={CHAT_MAX_CHARS}
          autoComplete="off"
          placeholder={t('chat.write')}
          onChange={(e) => setText(e.target.value)}
        />
        <button type="submit" className="button small primary" disabled={busy || !text.trim()}>
          {t('chat.send')}
        </button>
      </form>
    </>
  );
}

/** A mute per writer (every other seat and spectator who said something). */
function MuteList({
  lines,
  mySeat,
  mutes,
  toggleMute,
  t,
}: {
  lines: readonly ChatLine[];
  mySeat: number | null;
  mutes: ReadonlySet<string>;
  toggleMute: (line: ChatLine) => void;
  t: TFunction;
}) {
  const writers = useMemo(() => {
    const byKey = new Map<string, ChatLine>();
    for (const l of lines) if (l.seat !== mySeat || l.seat === null) byKey.set(muteKey(l), l);
    return [...byKey.values()];
  }, [lines, mySeat]);
  if (writers.length === 0) return null;
  return (
    <details className="chat-mutes">
      <summary>{t('chat.mute')}</summary>
      <ul>
        {writers.map((w) => (
          <li key={muteKey(w)}>
            <label>
              <input type="checkbox" checked={mutes.has(muteKey(w))} onChange={() => toggleMute(w)} />{' '}
              {t('chat.muteName', { name: w.name })}
            </label>
          </li>
        ))}
      </ul>
    </details>
  );
}
