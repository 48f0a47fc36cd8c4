/**
 * A player's face: one of the animals of `AVATARS`, drawn here as a small SVG (no image files,
 * no emoji font needed). A seat without a face (an open seat, an old table) gets a neutral circle
 * with the name's first letter.
 */
import type { AvatarId } from '@matchbox/client';
import type { ReactElement } from 'react';

interface Face {
  readonly head: string;
  readonly ears: 'pointy' | 'round' | 'long' | 'tufts' | 'bumps' | 'small' | 'none';
  readonly earColor?: string;
  readonly inner?: string;
  readonly muzzle?: string;
  readonly nose?: string;
  readonly mane?: string;
  readonly extra?: 'owl' | 'panda' | 'penguin' | 'pig' | 'cat' | 'frog';
}

const FACES: Readonly<Record<AvatarId, Face>> = {
  fox: { head: '#e0782f', ears: 'pointy', inner: '#fff1e0', muzzle: '#fff1e0', nose: '#2b2320' },
  owl: { head: '#8d6a4a', ears: 'tufts', extra: 'owl' },
  bear: { head: '#8a5a3b', ears: 'round', inner: '#d9b38c', muzzle: '#d9b38c', nose: '#2b2320' },
  cat: { head: '#8f969e', ears: 'pointy', inner: '#f2b8c6', nose: '#e58aa0', extra: 'cat' },
  rabbit: { head: '#ece5db', ears: 'long', inner: '#f2b8c6', nose: '#e58aa0' },
  frog: { head: '#5aae4b', ears: 'bumps', extra: 'frog' },
  panda: { head: '#fafafa', ears: 'round', earColor: '#262626', nose: '#262626', extra: 'panda' },
  penguin: { head: '#2b3038', ears: 'none', extra: 'penguin' },
  lion: { head: '#e9b54b', ears: 'small', mane: '#b86f22', muzzle: '#f7dca0', nose: '#6b3a1f' },
  mouse: { head: '#b5b5bf', ears: 'round', inner: '#f2b8c6', nose: '#e58aa0' },
  koala: { head: '#9aa0a6', ears: 'round', inner: '#e6e6e6', nose: '#2f3136' },
  pig: { head: '#f4a9bb', ears: 'small', extra: 'pig' },
};

function ears(f: Face): ReactElement | null {
  const c = f.earColor ?? f.head;
  switch (f.ears) {
    case 'pointy':
      return (
        <>
          <path d="M7 17 L9 3 L18 11 Z" fill={c} />
          <path d="M33 17 L31 3 L22 11 Z" fill={c} />
          {f.inner ? <path d="M10 13 L11 7 L15 11 Z M30 13 L29 7 L25 11 Z" fill={f.inner} /> : null}
        </>
      );
    case 'round':
      return (
        <>
          <circle cx="9" cy="10" r="6" fill={c} />
          <circle cx="31" cy="10" r="6" fill={c} />
          {f.inner ? (
            <>
              <circle cx="9" cy="10" r="3.2" fill={f.inner} />
              <circle cx="31" cy="10" r="3.2" fill={f.inner} />
            </>
          ) : null}
        </>
      );
    case 'long':
      return (
        <>
          <ellipse cx="14" cy="8" rx="3.6" ry="9" fill={c} />
          <ellipse cx="26" cy="8" rx="3.6" ry="9" fill={c} />
          <ellipse cx="14" cy="8" rx="1.6" ry="6.5" fill={f.inner} />
          <ellipse cx="26" cy="8" rx="1.6" ry="6.5" fill={f.inner} />
        </>
      );
    case 'tufts':
      return <path d="M8 14 L8 4 L16 10 Z M32 14 L32 4 L24 10 Z" fill={c} />;
    case 'bumps':
      return (
        <>
          <circle cx="12" cy="11" r="6" fill={c} />
          <circle cx="28" cy="11" r="6" fill={c} />
        </>
      );
    case 'small':
      return <path d="M8 15 L10 6 L17 11 Z M32 15 L30 6 L23 11 Z" fill={c} />;
    case 'none':
      return null;
  }
}

function features(f: Face): ReactElement {
  switch (f.extra ?? 'plain') {
    case 'owl':
      return (
        <>
          <circle cx="14" cy="20" r="6" fill="#f4e6c8" />
          <circle cx="26" cy="20" r="6" fill="#f4e6c8" />
          <circle cx="14" cy="20" r="2.6" fill="#2b2320" />
          <circle cx="26" cy="20" r="2.6" fill="#2b2320" />
          <path d="M18 25 L22 25 L20 30 Z" fill="#e8a13a" />
        </>
      );
    case 'panda':
      return (
        <>
          <ellipse cx="14" cy="21" rx="4" ry="5" fill="#262626" transform="rotate(-25 14 21)" />
          <ellipse cx="26" cy="21" rx="4" ry="5" fill="#262626" transform="rotate(25 26 21)" />
          <circle cx="14.5" cy="21" r="1.4" fill="#fff" />
          <circle cx="25.5" cy="21" r="1.4" fill="#fff" />
          <ellipse cx="20" cy="28" rx="2.6" ry="1.8" fill="#262626" />
        </>
      );
    case 'penguin':
      return (
        <>
          <path d="M20 15 C12 15 9 22 11 28 C13 33 27 33 29 28 C31 22 28 15 20 15 Z" fill="#fafafa" />
          <circle cx="15.5" cy="21" r="1.8" fill="#2b3038" />
          <circle cx="24.5" cy="21" r="1.8" fill="#2b3038" />
          <path d="M17 25 L23 25 L20 29 Z" fill="#f0a030" />
        </>
      );
    case 'pig':
      return (
        <>
          <circle cx="14.5" cy="19" r="1.8" fill="#3a2a2e" />
          <circle cx="25.5" cy="19" r="1.8" fill="#3a2a2e" />
          <ellipse cx="20" cy="26.5" rx="6" ry="4.2" fill="#e8849e" />
          <circle cx="18" cy="26.5" r="1.2" fill="#9c4a60" />
          <circle cx="22" cy="26.5" r="1.2" fill="#9c4a60" />
        </>
      );
    case 'frog':
      return (
        <>
          <circle cx="12" cy="11" r="3.6" fill="#fff" />
          <circle cx="28" cy="11" r="3.6" fill="#fff" />
          <circle cx="12" cy="11.5" r="1.8" fill="#1f2a1c" />
          <circle cx="28" cy="11.5" r="1.8" fill="#1f2a1c" />
          <path
            d="M11 25 Q20 32 29 25"
            stroke="#1f2a1c"
            strokeWidth="1.6"
            fill="none"
            strokeLinecap="round"
          />
        </>
      );
    case 'cat':
    case 'plain':
      return (
        <>
          {f.muzzle ? <ellipse cx="20" cy="27" rx="7" ry="5.5" fill={f.muzzle} /> : null}
          <circle cx="14.5" cy="20" r="1.9" fill="#241c1a" />
          <circle cx="25.5" cy="20" r="1.9" fill="#241c1a" />
          <ellipse cx="20" cy="25" rx="2.2" ry="1.6" fill={f.nose ?? '#241c1a'} />
          {f.extra === 'cat' ? (
            <path
              d="M8 24 L15 25 M8 27 L15 26.5 M32 24 L25 25 M32 27 L25 26.5"
              stroke="#4a4f55"
              strokeWidth="0.8"
              strokeLinecap="round"
            />
          ) : null}
        </>
      );
  }
}

export function Avatar({
  avatar,
  name,
  size = 32,
  className,
}: {
  avatar: AvatarId | null | undefined;
  /** For the neutral face's letter. */
  name?: string | undefined;
  size?: number;
  className?: string;
}) {
  const face = avatar ? FACES[avatar] : undefined;
  const cls = `avatar${className ? ` ${className}` : ''}`;
  if (!face) {
    return (
      <svg className={cls} width={size} height={size} viewBox="0 0 40 40" aria-hidden="true">
        <circle cx="20" cy="20" r="18" fill="var(--surface-2, #e5e5e5)" stroke="var(--line, #ccc)" />
        <text x="20" y="26" textAnchor="middle" fontSize="17" fontWeight="700" fill="var(--ink-2, #555)">
          {(name ?? '?').trim().charAt(0).toUpperCase() || '?'}
        </text>
      </svg>
    );
  }
  return (
    <svg
      className={cls}
      width={size}
      height={size}
      viewBox="0 0 40 40"
      aria-hidden="true"
      data-avatar={avatar}
    >
      {face.mane ? <circle cx="20" cy="21" r="18.5" fill={face.mane} /> : null}
      {ears(face)}
      <circle cx="20" cy="22" r={face.mane ? 13 : 14.5} fill={face.head} />
      {features(face)}
    </svg>
  );
}
