/**
 * The analysers of finished games, one per game folder (games/<game>/analysis.ts registers its
 * analyser with the driver when loaded), with each game's budget and thresholds. Apart from
 * games/index.ts so that playing never loads the analysis.
 */
export * from './matchmaster/analysis.ts';
export * from './match/analysis.ts';
export * from './matchet/analysis.ts';
export * from './sweet16/analysis.ts';
