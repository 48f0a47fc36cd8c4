/** The rules page's pictures of this game (rules/figures.tsx finds them), drawn with the board's own components. */
import type { ReactElement } from 'react';
import type { FigureProps } from '../../rules/figures.tsx';
import { CardFaceSvg } from './CardView.tsx';

/** A Sweet16 tryst and clique. */
function Sweet16Sets({ labels }: FigureProps): ReactElement {
  const sets = [
    { cards: ['9C', '4H', '3D'], sum: '9 + 4 + 3 = 16', label: labels[0] },
    { cards: ['7S', '5H'], sum: '7 + 5 = 12', label: labels[1] },
  ];
  return (
    <div className="rf-row">
      {sets.map((set) => (
        <div key={set.sum} className="rf-set">
          <div className="rf-cards">
            {set.cards.map((c) => (
              <CardFaceSvg key={c} card={c} className="rf-card" />
            ))}
          </div>
          <span className="rf-name">
            <strong>{set.label}</strong> {set.sum}
          </span>
        </div>
      ))}
    </div>
  );
}

/** The tiles of the picture by cell, each side by the direction it faces. */

export const FIGURES = { tryst: Sweet16Sets };
