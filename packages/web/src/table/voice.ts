/**
 * A table's voice: short sounds made with WebAudio (no sound files), on unless the player turned
 * them off with the switch in the table's header (the choice is kept in this browser), and heard
 * from the player's first click or key on the page (browsers let a page sound only after one); the tab's title and icon saying "your turn"; and,
 * for slow games (a day or more per move), a browser notification when the tab is hidden, if the
 * player allowed them.
 */
import { useEffect, useRef, useState } from 'react';

const SOUND_KEY = 'matchbox.sound';

export type Cue = 'turn' | 'card' | 'trick' | 'won';

/** Each cue as notes: [frequency in Hz, start in s, length in s]. */
const CUES: Readonly<Record<Cue, readonly (readonly [number, number, number])[]>> = {
  turn: [
    [660, 0, 0.12],
    [880, 0.13, 0.16],
  ],
  card: [[300, 0, 0.05]],
  trick: [
    [523, 0, 0.09],
    [659, 0.08, 0.09],
    [784, 0.16, 0.14],
  ],
  won: [
    [523, 0, 0.12],
    [659, 0.12, 0.12],
    [784, 0.24, 0.12],
    [1047, 0.36, 0.3],
  ],
};

export function soundOn(): boolean {
  try {
    return localStorage.getItem(SOUND_KEY) !== 'off';
  } catch {
    return true;
  }
}

/** Whether the player has clicked or pressed a key on the page yet: before that, nothing sounds. */
let interacted = false;
if (typeof window !== 'undefined') {
  const mark = () => {
    interacted = true;
  };
  window.addEventListener('pointerdown', mark, { once: true, capture: true });
  window.addEventListener('keydown', mark, { once: true, capture: true });
}

export function setSoundOn(on: boolean): void {
  try {
    localStorage.setItem(SOUND_KEY, on ? 'on' : 'off');
  } catch {
    // the choice lasts for this page only
  }
}

let audio: AudioContext | null = null;

/** Plays a cue when sounds are on (and the browser has WebAudio). */
export function play(cue: Cue): void {
  if (!soundOn() || !interacted || typeof AudioContext === 'undefined') return;
  audio ??= new AudioContext();
  const ctx = audio;
  const now = ctx.currentTime;
  for (const [freq, start, length] of CUES[cue]) {
    const osc = ctx.createOscillator();
    const gain = ctx.createGain();
    osc.type = 'triangle';
    osc.frequency.value = freq;
    gain.gain.setValueAtTime(0.0001, now + start);
    gain.gain.exponentialRampToValueAtTime(0.18, now + start + 0.01);
    gain.gain.exponentialRampToValueAtTime(0.0001, now + start + length);
    osc.connect(gain).connect(ctx.destination);
    osc.start(now + start);
    osc.stop(now + start + length + 0.02);
  }
}

/** The tab's icon: the matchbox, with an orange dot when it is the player's turn. */
function favicon(turn: boolean): string {
  const dot = turn
    ? "%3Ccircle cx='25' cy='8' r='7' fill='%23e11d48' stroke='white' stroke-width='2'/%3E"
    : '';
  return `data:image/svg+xml,%3Csvg xmlns='http://www.w3.org/2000/svg' viewBox='0 0 32 32'%3E%3Crect x='4' y='8' width='24' height='16' rx='3' fill='%23c2410c'/%3E%3Crect x='14' y='4' width='4' height='12' rx='2' fill='%23f5d0a9'/%3E${dot}%3C/svg%3E`;
}

function setFavicon(turn: boolean): void {
  let link = document.querySelector<HTMLLinkElement>('link[rel="icon"]');
  if (!link) {
    link = document.createElement('link');
    link.rel = 'icon';
    document.head.append(link);
  }
  link.href = favicon(turn);
}

/**
 * While the page shows a table: the title starts with "▶ <your turn>" and the icon has a dot when
 * it is this seat's turn; the turn cue sounds when the turn comes; a slow game's turn raises a
 * notification while the tab is hidden (when allowed). `title` is the page's own title.
 */
export function useTurnSignal(options: {
  myTurn: boolean;
  title: string;
  yourTurn: string;
  /** A slow game (a day or more per move): worth a notification. */
  slow: boolean;
}): void {
  const { myTurn, title, yourTurn, slow } = options;
  const was = useRef(false);
  useEffect(() => {
    document.title = myTurn ? `▶ ${yourTurn} · ${title}` : title;
    setFavicon(myTurn);
    if (myTurn && !was.current) {
      play('turn');
      if (
        slow &&
        document.hidden &&
        typeof Notification !== 'undefined' &&
        Notification.permission === 'granted'
      )
        new Notification(title, { body: yourTurn, tag: 'matchbox-turn' });
    }
    was.current = myTurn;
  }, [myTurn, title, yourTurn, slow]);
  useEffect(
    () => () => {
      setFavicon(false);
    },
    [],
  );
}

/** The sound switch's state, kept in this browser; turning it on asks for notifications too. */
export function useSoundSwitch(slow: boolean): [boolean, () => void] {
  const [on, setOn] = useState(soundOn);
  const toggle = () => {
    const next = !on;
    setSoundOn(next);
    setOn(next);
    if (next) {
      interacted = true; // this click is one
      play('turn');
      if (slow && typeof Notification !== 'undefined' && Notification.permission === 'default')
        void Notification.requestPermission();
    }
  };
  return [on, toggle];
}
