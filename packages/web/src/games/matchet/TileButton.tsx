/**
 * The tiles in front of a seat: a button per tile the seat holds (playable or with the reason it
 * is not), and the small face-up tiles of the others, the reserve and the stacks.
 */
import type { CSSProperties, ReactElement } from 'react';
import { useTranslation } from 'react-i18next';
import type { MatchetBoard, T } from './ctrl.ts';
import type { TileSide } from './geometry.ts';
import type { Letters } from './Tile.tsx';
import { TileIcon } from './Tile.tsx';

/** "red 8, blue 10, yellow 5": a tile's sides clockwise from red, in words. */
export function sidesInWords(sides: readonly TileSide[], t: T): string {
  return sides.map((s) => t('tile.side', { colour: t(`colour.${s.colour}`), value: s.value })).join(', ');
}

interface TileButtonProps {
  readonly tile: string;
  readonly sides: readonly TileSide[];
  readonly letters: Letters;
  readonly playable: boolean;
  readonly selected: boolean;
  readonly reason: string;
  readonly size: number;
  /** Its place in a hand being dealt (the motion's delay). */
  readonly dealt?: number | undefined;
  /** The tile's legal placements as `|text|text|`, for the hint's mark. */
  readonly actions?: string | undefined;
  /** `fromKeys`: chosen with Enter or Space, which then moves the focus to the tile's first spot. */
  readonly onChoose: (tile: string, fromKeys: boolean) => void;
}

function TileButton(p: TileButtonProps): ReactElement {
  const { t } = useTranslation('matchet');
  const words = t('tile.label', { sides: sidesInWords(p.sides, t) });
  // The name is the tile in words (and why it cannot be placed), as text inside the button: the
  // drawing's letters and numbers are hidden from assistive technology.
  return (
    <button
      type="button"
      className={`mt-tile-btn${p.selected ? ' mt-selected' : ''}${p.playable ? '' : ' mt-unplayable'}`}
      aria-pressed={p.playable ? p.selected : undefined}
      aria-disabled={p.playable ? undefined : true}
      title={p.playable || !p.reason ? words : p.reason}
      data-tile={p.tile}
      data-actions={p.actions}
      style={p.dealt === undefined ? undefined : ({ '--i': p.dealt } as CSSProperties)}
      onClick={(e) => p.playable && p.onChoose(p.tile, e.detail === 0)}
    >
      <TileIcon sides={p.sides} letters={p.letters} size={p.size} />
      <span className="mt-visually-hidden">{p.playable || !p.reason ? words : `${words}. ${p.reason}`}</span>
    </button>
  );
}

/** A tile the seat may hold: chosen with a click when the seat may place it now. */
export function SeatTile({
  board,
  seat,
  id,
  size,
  dealt,
}: {
  board: MatchetBoard;
  seat: number | null;
  id: string;
  size: number;
  dealt?: number;
}): ReactElement {
  const { t, myTurn, placements } = board;
  return (
    <TileButton
      tile={id}
      sides={board.sidesOf(id)}
      letters={board.letters}
      playable={myTurn && placements.has(id)}
      actions={myTurn ? actionList(placements.get(id)) : undefined}
      selected={id === board.tile}
      reason={myTurn ? board.reasonFor(id) : seat === null ? '' : t('tile.notYourTurn')}
      size={size}
      dealt={dealt}
      onChoose={board.chooseTile}
    />
  );
}

/** A face-up tile nobody may choose now, as an item of a list. */
export function SmallTile({
  board,
  id,
  size = 50,
}: {
  board: MatchetBoard;
  id: string;
  size?: number;
}): ReactElement {
  const { t } = board;
  const sides = board.sidesOf(id);
  return (
    <li className="mt-small" data-tile={id} title={t('tile.label', { sides: sidesInWords(sides, t) })}>
      <TileIcon sides={sides} letters={board.letters} size={size} />
      <span className="mt-visually-hidden">{t('tile.label', { sides: sidesInWords(sides, t) })}</span>
    </li>
  );
}

/** Several placements' notations as `|a|b|` for the hint's mark (none: no attribute). */
export function actionList(list: readonly { readonly text: string }[] | undefined): string | undefined {
  return list && list.length > 0 ? `|${list.map((p) => p.text).join('|')}|` : undefined;
}
