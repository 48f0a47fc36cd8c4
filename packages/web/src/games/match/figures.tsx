/** The rules page's pictures of this game (rules/figures.tsx finds them), drawn with the board's own components. */
import type { ReactElement } from 'react';
import type { FigureProps } from '../../rules/figures.tsx';
import { Card as MatchCard } from './Card.tsx';

/** A MATCH! pile with cards that match and one that does not. */
function MatchPile({ labels }: FigureProps): ReactElement {
  return (
    <div className="rf-row">
      <div className="rf-item rf-pile">
        <MatchCard card="b2" className="rf-card" />
        <span className="rf-name">{labels[0]}</span>
      </div>
      {(['g2', 'b5', 'r4'] as const).map((card) => {
        const fits = card !== 'r4';
        return (
          <div key={card} className={`rf-item${fits ? ' rf-yes' : ' rf-no'}`}>
            <MatchCard card={card} className="rf-card" />
            <span className="rf-name">{fits ? `✓ ${labels[1]}` : `✗ ${labels[2]}`}</span>
            {fits ? null : <span className="rf-mark">→ {labels[3]}</span>}
          </div>
        );
      })}
    </div>
  );
}

export const FIGURES = { match: MatchPile };
