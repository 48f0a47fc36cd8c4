/**
 * What every score pad function returns: the new sheet, or a refusal with a stable code (and the
 * values its message names). A refused entry never changes the sheet it was given.
 */

export const PAD_ERROR_CODES = [
  'player_count',
  'missing_name',
  'name_too_long',
  'duplicate_name',
  'invalid_option',
  'missing_number',
  'not_a_whole_number',
  'number_too_large',
  'negative_number',
  'wrong_entry_count',
  'game_over',
  'bid_above_hand_size',
  'tricks_above_hand_size',
  'tricks_do_not_add_up',
  'bids_missing',
  'round_score_too_low',
  'round_scores_too_high',
  'nobody_went_out',
  'ender_scored_below_zero',
  'invalid_player',
  'nothing_scored',
  'too_few_cards_scored',
  'more_cards_than_grid',
  'one_activation_only',
  'steal_from_self',
  'no_diamond_to_steal',
  'too_many_diamonds',
  'not_multiple_of_five',
  'tiles_left_range',
  'winner_has_tiles',
] as const;
export type PadErrorCode = (typeof PAD_ERROR_CODES)[number];

export type PadParams = Readonly<Record<string, string | number>>;

export interface PadError {
  readonly code: PadErrorCode;
  readonly params: PadParams;
}

export type PadResult<T> =
  { readonly ok: true; readonly value: T } | { readonly ok: false; readonly error: PadError };

export const ok = <T>(value: T): PadResult<T> => ({ ok: true, value });
export const refuse = <T = never>(code: PadErrorCode, params: PadParams = {}): PadResult<T> => ({
  ok: false,
  error: { code, params },
});

/** An entry as typed into a field, or a number (when a stored sheet is read back). */
export type Entry = string | number;
