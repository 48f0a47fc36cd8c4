/** MatchMaster's hindsight in the analysis panel: per hand and seat, the bid, the tricks and the most it could make sure of. */
import type { ReactElement } from 'react';
import { useTranslation } from 'react-i18next';
import type { HindsightProps } from '../plugin.ts';

export default function Hindsight({ hindsight: h, names }: HindsightProps): ReactElement | null {
  const { t } = useTranslation('replay');
  if (h.kind !== 'matchmaster') return null;
  return (
    <ul>
      {h.hands.map((x) => (
        <li key={`${x.part}:${x.seat}`}>
          {x.maxTricks === null
            ? t('analysis.hindsightUnknown', { hand: x.part + 1, name: names[x.seat] })
            : t('analysis.hindsightHand', {
                hand: x.part + 1,
                name: names[x.seat],
                bid: x.bid,
                tricks: x.tricks,
                most: x.maxTricks,
              })}
        </li>
      ))}
    </ul>
  );
}
