/** The rules page's pictures of this game (rules/figures.tsx finds them), drawn with the board's own components. */
import type { ReactElement } from 'react';
import { useTranslation } from 'react-i18next';
import type { FigureProps } from '../../rules/figures.tsx';
import { CardArt } from './Card.tsx';
import { parseCard as parseMatchMasterCard } from './cards.ts';

/** A MatchMaster trick. */
function MatchMasterTrick({ labels }: FigureProps): ReactElement {
  const { t } = useTranslation('matchmaster');
  const plays = ['lb9', 'lb12', 'do3', 'db13'];
  return (
    <div className="rf-row">
      {plays.map((card, i) => {
        const face = parseMatchMasterCard(card)!;
        const wins = i === 2;
        return (
          <div key={card} className={`rf-item${wins ? ' rf-win' : ''}`}>
            <CardArt
              className="rf-card"
              face={face}
              code={t(`suitCode.${face.suit}`)}
              trump={face.suit === 'do'}
              trumpLabel={labels[5] ?? ''}
            />
            <span className="rf-name">{labels[i]}</span>
            {wins ? <span className="rf-mark">{labels[4]}</span> : null}
          </div>
        );
      })}
    </div>
  );
}

export const FIGURES = { trick: MatchMasterTrick };
