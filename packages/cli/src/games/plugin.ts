/**
 * What the terminal knows of one game beyond the engine. Each game's folder (games/<game>/index.ts)
 * exports one plugin; games/index.ts lists them. Shared commands reach a game's drawing, words,
 * benchmark cases and extra commands only through here.
 */
import type { Hindsight } from '@matchbox/bots/analysis';
import type { DescribeEvent, Say, translator } from '@matchbox/client/words/say';
import type { Json, Seat, Viewer } from '@matchbox/engine';

/**
 * Draws one seat's view (never the full state) as terminal text. Renderers hold no rules: the
 * game's typed view (exported by @matchbox/engine) and the legal action list are all they get.
 */
export type ViewRenderer<V> = (view: V, viewer: Viewer) => string;

/** One random-playout benchmark case of `npm run bench`. */
export interface BenchCase {
  readonly game: string;
  readonly players: number;
  readonly label: string;
  readonly options?: Record<string, Json>;
}

/** A game's event sentences (`@matchbox/client/words/<game>`) and their words. */
export interface Sentences {
  readonly describe: DescribeEvent<never>;
  readonly messages: Parameters<typeof translator>[0];
  /**
   * A choice in the game's notation in words, without its outcome ("flip the card at B3"), from
   * the chooser's view before it (the web's words for an analysed choice); null: no words for it.
   */
  readonly describeChoice?: (text: string, t: Say, view: unknown) => string | null;
}

/** A command of the game's own (`matchbox solve <game>`): its usage line and what it runs. */
export interface GameCommand {
  /** What the command applies to, in words ("<game>'s solitaires"). */
  readonly what: string;
  readonly usage: string;
  /** Its line in `matchbox --help`. */
  readonly help: string;
  run(argv: string[]): Promise<number>;
}

/** A unit of a game's analysis in the terminal's words. */
export interface AnalysisUnitWords {
  /** What a value counts ("expected points of the hand"). */
  readonly words: string;
  /** A chance from 0 to 1, told as a percentage; else points. */
  readonly chance?: boolean;
}

export interface CliGamePlugin {
  /** The engine's game id. */
  readonly id: string;
  /** Draws a view of this game (its `game` field is this id). */
  render(view: object, viewer: Viewer): string;
  readonly sentences: Sentences;
  readonly benchCases: readonly BenchCase[];
  /**
   * The units of its analysis (the names its analyser declares, `GameAnalyser.units`) in words,
   * and whether one is a chance (0 to 1, told as a percentage).
   */
  readonly analysisUnits?: Readonly<Record<string, AnalysisUnitWords>>;
  /** The name of a part of the game (a hand, a round) in the analysis; none: moves are not told by part. */
  readonly partWord?: string;
  /** Menu names for the values of the `mode` option that are games of their own. */
  readonly modeLabels?: Readonly<Record<string, string>>;
  /** The analysis's hindsight for this game in words, one line each. */
  hindsightLines?(h: Hindsight, name: (s: Seat) => string): string[];
  /** `matchbox solve <game>`. */
  readonly solver?: GameCommand;
}

/** A plugin whose renderer takes the game's own typed view. */
export function defineCliGame<V>(
  p: Omit<CliGamePlugin, 'render'> & { render: ViewRenderer<V> },
): CliGamePlugin {
  return { ...p, render: (view, viewer) => p.render(view as V, viewer) };
}
