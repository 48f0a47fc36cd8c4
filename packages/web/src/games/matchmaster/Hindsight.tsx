/**
 * MatchMaster's hindsight in the analysis panel, grouped per hand: each seat's bid and tricks, and
 * what was possible with every card open. A seat that took more than it could have made sure of
 * is told how few the others together could have held it to (the open solve assumes they all play
 * against it), never "the most was 0" beside tricks it took.
 */
import type { Hindsight, MatchMasterHindsight, MatchMasterHindsightReport } from '@matchbox/bots/analysis';
import type { TFunction } from 'i18next';
import type { ReactElement } from 'react';
import { useTranslation } from 'react-i18next';
import type { HindsightProps } from '../plugin.ts';

/** Whether a hindsight is this game's (the panel is handed its game's only, checked by hindsightCheck.ts). */
const isMatchMasterHindsight = (h: Hindsight): h is MatchMasterHindsightReport => h.kind === 'matchmaster';

export default function Hindsight({ hindsight: h, names }: HindsightProps): ReactElement | null {
  const { t } = useTranslation('replay');
  if (!isMatchMasterHindsight(h)) return null;
  const hands = new Map<number, MatchMasterHindsight[]>();
  for (const x of h.hands) hands.set(x.part, [...(hands.get(x.part) ?? []), x]);
  return (
    <ol className="hindsight-hands">
      {[...hands].map(([part, seats]) => (
        <li key={part}>
          <h4>{t('analysis.hindsightHandTitle', { hand: part + 1 })}</h4>
          <ul>
            {seats.map((x) => (
              <li key={x.seat}>{seatLine(x, names[x.seat] ?? '', t)}</li>
            ))}
          </ul>
        </li>
      ))}
    </ol>
  );
}

function seatLine(x: MatchMasterHindsight, name: string, t: TFunction<'replay'>): string {
  const known = { name, bid: x.bid, tricks: x.tricks, most: x.maxTricks };
  if (x.maxTricks === null) return t('analysis.hindsightUnknown', known);
  return x.tricks > x.maxTricks ? t('analysis.hindsightHeld', known) : t('analysis.hindsightMore', known);
}
