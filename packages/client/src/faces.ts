// The players' faces, apart from the wire schemas so that a page can use them without zod.

/**
 * The faces a player can wear: animals, drawn by the web interface. A bot wears one too and is
 * named after it ("Fox", in German "Fuchs"); a person picks one, or is given one that nobody at
 * the table wears yet.
 */
export const AVATARS = [
  'fox',
  'owl',
  'bear',
  'cat',
  'rabbit',
  'frog',
  'panda',
  'penguin',
  'lion',
  'mouse',
  'koala',
  'pig',
] as const;
export type AvatarId = (typeof AVATARS)[number];

/** A bot's name in English (the web interface words it in the reader's language). */
export const BOT_NAMES: Readonly<Record<AvatarId, string>> = {
  fox: 'Fox',
  owl: 'Owl',
  bear: 'Bear',
  cat: 'Cat',
  rabbit: 'Rabbit',
  frog: 'Frog',
  panda: 'Panda',
  penguin: 'Penguin',
  lion: 'Lion',
  mouse: 'Mouse',
  koala: 'Koala',
  pig: 'Pig',
};

export const isAvatar = (value: unknown): value is AvatarId =>
  typeof value === 'string' && (AVATARS as readonly string[]).includes(value);
