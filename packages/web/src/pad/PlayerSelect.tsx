import type { ReactNode } from 'react';

/** A choice of one player, or of nobody (who went out, whose diamond was taken). */
export function PlayerSelect({
  label,
  none,
  players,
  value,
  onChange,
  children,
}: {
  label: string;
  /** The words for "nobody". */
  none: string;
  players: readonly string[];
  value: number | null;
  onChange: (player: number | null) => void;
  /** Shown under the choice. */
  children?: ReactNode;
}) {
  return (
    <label className="field">
      <span>{label}</span>
      <select
        value={value ?? ''}
        onChange={(e) => onChange(e.target.value === '' ? null : Number(e.target.value))}
      >
        <option value="">{none}</option>
        {players.map((name, i) => (
          <option key={name} value={i}>
            {name}
          </option>
        ))}
      </select>
      {children}
    </label>
  );
}
