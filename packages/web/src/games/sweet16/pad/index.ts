/** Sweet16's score pad: the sheet's rules, its page, and the variant (standard or duel) on the new-pad form. */
import { definePad } from '../../../pad/plugin.ts';
import { Sweet16Pad, sweet16Text } from './Pad.tsx';
import * as s16 from './scoring.ts';
import { Variant } from './Variant.tsx';

export const pad = definePad<s16.Sweet16Sheet, { variant: s16.Sweet16Variant }>({
  game: 'sweet16',
  restore: s16.restoreSweet16,
  isOver: s16.isOver,
  undo: s16.undoLast,
  result: s16.result,
  text: sweet16Text,
  View: Sweet16Pad,
  setup: {
    initial: (names) => ({ variant: names.length === 2 ? 'duel' : 'standard' }),
    limits: (c) => s16.SWEET16_PLAYERS[c.variant],
    create: (players, c) => s16.createSweet16Sheet(players, c.variant),
    Before: Variant,
  },
});
