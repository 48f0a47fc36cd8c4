/**
 * Every error code the engine gives, as closed lists (chessops' `IllegalSetup`): a code is one of
 * these or the type checker refuses it. A new code is one line in one of the lists, and words for
 * it where people see it (the web's i18n `errors` namespace; `test/errors.test.ts` checks the
 * action codes there).
 */

/** Why an action (or an undo) was refused: what a player is told. */
export const ACTION_ERROR_CODES = [
  'already_bid',
  'already_looked',
  'bad_join',
  'bad_joker_value',
  'bad_position',
  'bad_rotation',
  'bid_first',
  'bid_out_of_range',
  'bidding_not_finished',
  'cannot_stop',
  'card_does_not_match',
  'card_matches_target',
  'card_not_in_hand',
  'collection_card_matches',
  'declaration_required',
  'duplicate_position',
  'empty_position',
  'empty_stack',
  'far_from_tiles',
  'game_over',
  'invalid_declaration',
  'invalid_seat',
  'joker_not_activatable',
  'malformed_action',
  'must_follow_suit',
  'must_overtrump',
  'must_play_to_last',
  'must_start_with_highest',
  'must_take_tallest_stack',
  'must_trump',
  'not_a_heart',
  'not_bidding',
  'not_face_down',
  'not_in_mode',
  'not_in_set',
  'not_sixteen',
  'not_stealable',
  'not_touching',
  'not_your_action',
  'not_your_line',
  'not_your_turn',
  'nothing_to_undo',
  'occupied',
  'start_in_middle',
  'tile_not_available',
  'too_few_cards',
  'tryst_available',
  'undo_after_reveal',
  'unknown_card',
  'unknown_tile',
  'wildcard_never_collected',
  'wrong_phase',
] as const;

/**
 * Why a setup, a record, a save, a state or a tool's request was refused (an unknown game, a bad
 * argument of the terminal's commands): what a tool or a shell is told.
 */
export const SETUP_ERROR_CODES = [
  'bad_history',
  'bad_save',
  'bad_state',
  'chance_mismatch',
  'invalid_argument',
  'invalid_deck',
  'invalid_option',
  'invalid_players',
  'invalid_seed',
  'invalid_setup',
  'invalid_state',
  'malformed_record',
  'malformed_record_text',
  'not_supported',
  'unknown_game',
  'unknown_option',
  'unsupported_record_format',
  'wrong_game',
] as const;

export type ActionErrorCode = (typeof ACTION_ERROR_CODES)[number];
export type SetupErrorCode = (typeof SETUP_ERROR_CODES)[number];
/** Every code of an `EngineError`. */
export type EngineErrorCode = ActionErrorCode | SetupErrorCode;

const ALL = new Set<string>([...ACTION_ERROR_CODES, ...SETUP_ERROR_CODES]);

/** Whether `code` is one of the engine's codes (a shell checks a code that came over a wire). */
export const isEngineErrorCode = (code: string): code is EngineErrorCode => ALL.has(code);
