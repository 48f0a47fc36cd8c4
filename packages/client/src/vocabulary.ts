// The wire's closed lists of words, apart from the zod schemas so that a page can check answers
// with them without loading zod.

export const TABLE_STATUSES = ['waiting', 'playing', 'finished', 'archived'] as const;
export type TableStatus = (typeof TABLE_STATUSES)[number];

export const BOT_LEVELS = ['random', 'easy', 'medium', 'hard', 'expert'] as const;
export type BotLevelName = (typeof BOT_LEVELS)[number];

/** Quick phrases (one tap on a phone), sent as their id and shown in each reader's language. */
export const CHAT_PHRASES = [
  'hello',
  'good_luck',
  'good_game',
  'well_played',
  'one_moment',
  'thanks',
  'oops',
  'bye',
] as const;
export type ChatPhrase = (typeof CHAT_PHRASES)[number];
