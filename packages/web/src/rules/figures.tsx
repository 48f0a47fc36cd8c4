/**
 * The pictures of the rules pages, drawn with the boards' own components: a MatchMaster trick,
 * a MATCH! pile with cards that match and one that does not, a Sweet16 tryst and clique, and a
 * MATCHET exceptional play. The words inside a picture come from the page (`labels`); the
 * caption below says in full what the picture shows, so the drawings are hidden from screen
 * readers.
 */
import type { ReactElement } from 'react';
import { useTranslation } from 'react-i18next';
import { Card as MatchCard } from '../games/match/Card.tsx';
import { CardArt } from '../games/matchmaster/Card.tsx';
import { parseCard as parseMatchMasterCard } from '../games/matchmaster/cards.ts';
import { boundsOf, parseSide, pointsAttr, corners } from '../games/matchet/geometry.ts';
import { TileShape } from '../games/matchet/Tile.tsx';
import { CardFaceSvg } from '../games/sweet16/CardView.tsx';
import '../games/matchet/matchet.css';

type Labels = readonly string[];

function MatchMasterTrick({ labels }: { labels: Labels }): ReactElement {
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

function MatchPile({ labels }: { labels: Labels }): ReactElement {
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

function Sweet16Sets({ labels }: { labels: Labels }): ReactElement {
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
const MATCHET_TILES: readonly { row: number; col: number; sides: Record<string, string> }[] = [
  { row: 0, col: 0, sides: { R: 'R8', B: 'B4', L: 'Y1' } },
  { row: 1, col: 0, sides: { T: 'B4', R: 'Y3', L: 'R9' } },
  { row: 1, col: 1, sides: { L: 'Y7', R: 'R6', B: 'B2' } },
  { row: 1, col: 2, sides: { L: 'R6', T: 'B2', R: 'Y9' } },
  { row: 0, col: 2, sides: { B: 'B8', L: 'Y5', R: 'R3' } },
  { row: 0, col: 1, sides: { L: 'R7', R: 'Y5', T: 'B6' } },
];

function MatchetExceptional({ labels }: { labels: Labels }): ReactElement {
  const { t } = useTranslation('matchet');
  const letters = { R: t('letter.R'), Y: t('letter.Y'), B: t('letter.B') };
  const b = boundsOf(MATCHET_TILES, 6)!;
  const fresh = MATCHET_TILES[MATCHET_TILES.length - 1]!;
  const [top] = corners(fresh.row, fresh.col);
  return (
    <div className="mt rf-matchet">
      <svg
        className="rf-board"
        viewBox={`${b.minX} ${b.minY - 14} ${b.maxX - b.minX} ${b.maxY - b.minY + 14}`}
        aria-hidden="true"
        focusable="false"
      >
        {MATCHET_TILES.map((tile) => {
          const sides = Object.fromEntries(
            Object.entries(tile.sides).map(([dir, s]) => [dir, parseSide(s)!]),
          );
          return <TileShape key={`${tile.row},${tile.col}`} {...tile} sides={sides} letters={letters} />;
        })}
        <polygon className="rf-fresh" points={pointsAttr(corners(fresh.row, fresh.col))} />
        <text className="rf-svg-label" x={top.x + 30} y={top.y - 4} textAnchor="middle">
          {labels[0]}
        </text>
      </svg>
    </div>
  );
}

const FIGURES: Record<string, (props: { labels: Labels }) => ReactElement> = {
  trick: MatchMasterTrick,
  match: MatchPile,
  tryst: Sweet16Sets,
  exceptional: MatchetExceptional,
};

export function RulesFigure({ name, labels }: { name: string; labels: Labels }): ReactElement | null {
  const Figure = FIGURES[name];
  return Figure ? <Figure labels={labels} /> : null;
}

export const FIGURE_NAMES = Object.keys(FIGURES);
