/**
 * `matchbox replay <file>`: reads a record file (docs/records.md), replays it with the engine and
 * prints its moves in words (as the chosen seat saw them), then the game at one step (the end unless `--step N`) as a seat sees it
 * (`--seat S`; a spectator unless told), and the result once the game is over.
 */
import type { OpenGame, Viewer } from '@matchbox/engine';
import { eventsFor, walkRecord } from '@matchbox/engine';
import { hasFlag, intFlag, parseCommandLine, usageError } from '../args.ts';
import type { AnyEvent } from '../describe-event.ts';
import { describeEvent } from '../describe-event.ts';
import { renderView } from '../render/index.ts';
import { readRecordFile, seatFlag } from '../record-file.ts';

const USAGE = 'usage: matchbox replay <record file> [--step N] [--seat S]';

export async function replayCommand(argv: string[]): Promise<number> {
  await Promise.resolve();
  const parsed = parseCommandLine(argv, { values: ['step', 'seat'], positionals: 1 });
  if (!parsed.ok) return usageError(parsed.error.message, USAGE);
  const args = parsed.value;
  if (hasFlag(args, 'help')) {
    console.log(USAGE);
    return 0;
  }
  const path = args.positionals[0];
  if (path === undefined) return usageError('Which record file?', USAGE);
  const read = readRecordFile(path);
  if (!read) return 1;
  const { record, names, game } = read;
  const step = intFlag(args, 'step', record.moves.length, 0);
  if (!step.ok || step.value > record.moves.length)
    return usageError(`--step is a move number from 0 to ${record.moves.length}.`, USAGE);
  const seatGiven = seatFlag(args, record.players);
  if (!seatGiven.ok) return usageError(seatGiven.error.message, USAGE);
  const seat = seatGiven.value;
  const viewer: Viewer = seat;

  const name = (s: number) => names?.[s] || `Seat ${s}`;
  console.log(`${game.meta.name}, ${record.players} players, ${record.moves.length} moves`);
  // The engine's one replay loop, up to the step asked for, printing each move as it applies.
  let played = 0;
  const walked = walkRecord(
    game as OpenGame,
    { ...record, moves: record.moves.slice(0, step.value) },
    (s) => {
      if (!s.move) return;
      // The move itself is its first event; what followed automatically shows in the view.
      const first = eventsFor(s.events, viewer)[0];
      const words = first
        ? describeEvent(first as AnyEvent, viewer, game.meta.id, {
            names: names ?? [],
            view: game.view(s.state, viewer),
          })
        : `${name(s.move.seat)}: ${s.move.action}`;
      console.log(`${String(++played).padStart(4)}. ${words}`);
    },
  );
  if (!walked.ok) {
    const at = walked.error.at;
    if (at === undefined) console.error(`${path}: ${walked.error.message} (${walked.error.code})`);
    else {
      const m = record.moves[at]!;
      console.error(
        `${path}: move ${at + 1} (${name(m.seat)}: ${m.action}) does not apply: ${walked.error.message}`,
      );
    }
    return 1;
  }
  const state: unknown = walked.value;
  console.log('');
  const view: object = game.view(state, viewer) as object;
  console.log(renderView(game.meta.id, view, viewer));
  const result = game.result(state);
  if (result)
    console.log(
      `\nResult: ${result.scores.map((score, s) => `${name(s)} ${score} (place ${result.ranks[s]})`).join(', ')}`,
    );
  return 0;
}
