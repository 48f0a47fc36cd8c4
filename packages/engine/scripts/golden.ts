/** Regenerates every golden transcript (npm run golden). Review the diff before committing. */
import { writeFileSync } from 'node:fs';
import { getGame } from '../src/index.ts';
import { goldenTranscript } from '../src/harness/index.ts';
import { GOLDEN_CONFIGS, goldenPath } from '../test/golden/configs.ts';

const only = process.argv[2];
for (const g of GOLDEN_CONFIGS) {
  if (only && g.game !== only && g.name !== only) continue;
  const game = getGame(g.game);
  if (!game) throw new Error(`unknown game ${g.game}`);
  writeFileSync(goldenPath(g.name), goldenTranscript(game, g.config));
  console.log(`wrote ${goldenPath(g.name)}`);
}
