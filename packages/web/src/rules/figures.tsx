/**
 * The pictures of the rules pages, drawn with the boards' own components, each game's in its
 * folder (games/<game>/figures.tsx exports `FIGURES`, by name). The words inside a picture come from the page (`labels`); the
 * caption below says in full what the picture shows, so the drawings are hidden from screen
 * readers.
 */
import type { ReactElement } from 'react';

type Labels = readonly string[];

export interface FigureProps {
  readonly labels: Labels;
}

type Figure = (props: FigureProps) => ReactElement;

const FIGURES: Record<string, Figure> = {};
for (const own of Object.values(
  import.meta.glob<Record<string, Figure>>('../games/*/figures.tsx', { eager: true, import: 'FIGURES' }),
))
  Object.assign(FIGURES, own);

export function RulesFigure({ name, labels }: { name: string; labels: Labels }): ReactElement | null {
  const Figure = FIGURES[name];
  return Figure ? <Figure labels={labels} /> : null;
}

export const FIGURE_NAMES = Object.keys(FIGURES);
