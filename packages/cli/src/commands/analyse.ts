/**
 * `matchbox analyse <record file>`: every decision of a finished game valued from what its player
 * could know at the time (@matchbox/bots/analysis), in words: per player the average loss per
 * decision, the inaccuracies, mistakes and blunders, the key moments, and apart from them what
 * hindsight with every card open shows. `--json` prints the analysis itself.
 */
import type { AnyGame, GameEvent, GameRecord, OpenGame, Seat } from '@matchbox/engine';
import { Rng, eventsFor, walkRecord } from '@matchbox/engine';
import type { AnalysisUnit, DecisionAnalysis, GameAnalysis } from '@matchbox/bots/analysis';
import { analyseRecord } from '@matchbox/bots/analysis';
import { flag, hasFlag, intFlag, parseCommandLine, usageError } from '../args.ts';
import type { AnyEvent } from '../describe-event.ts';
import { describeChoice, describeEvent } from '../describe-event.ts';
import { cliPlugin } from '../games/index.ts';
import type { AnalysisUnitWords } from '../games/plugin.ts';
import { ProgressBar } from '../progress.ts';
import { readRecordFile, seatFlag } from '../record-file.ts';

const USAGE = 'usage: matchbox analyse <record file> [--seat S] [--budget N] [--seed S] [--moves N] [--json]';

/** A unit of `game`'s analysis in words (its plugin's; else its name, counted as points). */
const unitWords = (game: string, unit: AnalysisUnit): AnalysisUnitWords =>
  cliPlugin(game)?.analysisUnits?.[unit] ?? { words: unit };

const amount = (unit: AnalysisUnitWords, x: number): string =>
  unit.chance ? `${(x * 100).toFixed(0)}%` : `${x.toFixed(1)} points`;

/** The seat's first event of `text` applied to a copy of `state`, in words (null: refused or silent). */
function eventWords(
  game: AnyGame,
  state: unknown,
  seat: Seat,
  text: string,
  names: readonly string[],
): string | null {
  const parsed = game.parseAction(text);
  if (!parsed.ok) return null;
  const copy: unknown = game.clone(state);
  const events: GameEvent[] = [];
  if (game.applyInPlace(copy, seat, parsed.value, events)) return null;
  // The move itself is its first event, as the seat saw it (the replay command's words).
  const first = eventsFor(events, seat)[0];
  return first
    ? describeEvent(first as AnyEvent, seat, game.meta.id, { names, view: game.view(copy, seat) })
    : null;
}

/** The move taken, as its player saw it happen. */
function takenWords(
  game: AnyGame,
  state: unknown,
  seat: Seat,
  text: string,
  names: readonly string[],
): string {
  return eventWords(game, state, seat, text, names) ?? text;
}

/** Worlds the seat cannot tell from the real one, in which a better move's words must come out the same. */
const WORLDS = 4;

/**
 * A move not taken, from what its player knew (the words of the "from what you could know" part):
 * the game's words for the choice itself ("Flip the card at B3"), never its outcome in the real
 * state, which may be a card nobody had seen. A game without such words gets the move's event
 * only when it reads the same in worlds the seat cannot tell apart from the real one, else the
 * notation.
 */
function choiceWords(
  game: AnyGame,
  state: unknown,
  seat: Seat,
  text: string,
  names: readonly string[],
): string {
  const view: unknown = game.view(state, seat);
  const own = describeChoice(text, game.meta.id, view);
  if (own) return /[.!?]$/.test(own) ? own : `${own}.`;
  const real = eventWords(game, state, seat, text, names);
  if (real === null) return text;
  for (let w = 0; w < WORLDS; w++) {
    const world: unknown = game.determinize(state, seat, Rng.fromSeed(`words:${w}`));
    if (eventWords(game, world, seat, text, names) !== real) return text;
  }
  return real;
}

/** The words for the moves that need them (key moments), from the states before them. */
function sentences(
  game: AnyGame,
  record: GameRecord,
  wanted: readonly DecisionAnalysis[],
  names: readonly string[],
): Map<number, { taken: string; best: string }> {
  const byMove = new Map(wanted.map((d) => [d.move, d]));
  const out = new Map<number, { taken: string; best: string }>();
  let move = 0;
  walkRecord(game as OpenGame, record, (step) => {
    const d = byMove.get(move++);
    if (!d) return;
    out.set(d.move, {
      taken: takenWords(game, step.state, d.seat, d.taken, names),
      best: choiceWords(game, step.state, d.seat, d.best, names),
    });
  });
  return out;
}

const count = (n: number, one: string, many: string): string => `${n} ${n === 1 ? one : many}`;

const VERDICT_WORDS = { inaccuracy: 'an inaccuracy', mistake: 'a mistake', blunder: 'a blunder' } as const;

/** The analysis in words. */
export function formatAnalysis(
  game: AnyGame,
  record: GameRecord,
  a: GameAnalysis,
  names: readonly string[],
): string {
  const name = (s: Seat) => names[s] || `Seat ${s}`;
  const plugin = cliPlugin(game.meta.id);
  const unit = unitWords(game.meta.id, a.unit);
  const partWord = plugin?.partWord;
  const lines: string[] = [];
  lines.push(
    `${game.meta.name}, ${a.players} players: each decision valued from what its player could know then (${unit.words}; ${a.budget} search iterations a decision).`,
  );
  const t = a.thresholds;
  lines.push(
    `A loss counts from ${amount(unit, t.inaccuracy)} (inaccuracy), ${amount(unit, t.mistake)} (mistake), ${amount(unit, t.blunder)} (blunder), and only when larger than twice its uncertainty.`,
  );
  const keys = a.summaries.flatMap((p) => p.keyMoments.map((m) => a.decisions.find((d) => d.move === m)!));
  const words = sentences(game, record, keys, names);
  for (const p of a.summaries) {
    lines.push('');
    lines.push(
      `${name(p.seat)}: ${p.decisions} decisions, on average ${amount(unit, p.averageLoss)} lost a decision; ${count(p.inaccuracies, 'inaccuracy', 'inaccuracies')}, ${count(p.mistakes, 'mistake', 'mistakes')}, ${count(p.blunders, 'blunder', 'blunders')}. Final score ${p.finalScore}.`,
    );
    for (const m of p.keyMoments) {
      const d = a.decisions.find((x) => x.move === m)!;
      const w = words.get(m)!;
      const taken = d.candidates.find((c) => c.action === d.taken)!;
      const best = d.candidates[0]!;
      const where = partWord === undefined ? '' : ` (${partWord.toLowerCase()} ${d.part + 1})`;
      lines.push(
        `  Move ${m + 1}${where}: ${w.taken} Better: ${w.best} (${amount(unit, best.value)} against ${amount(unit, taken.value)}: ${amount(unit, d.loss)} lost, give or take ${amount(unit, d.lossSe)}; ${VERDICT_WORDS[d.verdict as keyof typeof VERDICT_WORDS]}.)`,
      );
    }
  }
  if (a.hindsight) {
    lines.push('');
    lines.push('Hindsight, every card open (not part of the verdicts above):');
    for (const l of plugin?.hindsightLines?.(a.hindsight, name) ?? []) lines.push(`  ${l}`);
  }
  return lines.join('\n');
}

export async function analyseCommand(argv: string[]): Promise<number> {
  await Promise.resolve();
  const parsed = parseCommandLine(argv, {
    values: ['seat', 'budget', 'seed', 'moves'],
    switches: ['json'],
    positionals: 1,
  });
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
  const seatGiven = seatFlag(args, record.players);
  if (!seatGiven.ok) return usageError(seatGiven.error.message, USAGE);
  const seat = seatGiven.value;
  const budgetText = flag(args, 'budget');
  const budget = budgetText === undefined ? null : intFlag(args, 'budget', 1);
  if (budget && !budget.ok)
    return usageError('--budget is a whole number of search iterations from 1.', USAGE);
  const moves = intFlag(args, 'moves', record.moves.length, 0);
  if (!moves.ok || moves.value > record.moves.length)
    return usageError(`--moves is a number of moves from 0 to ${record.moves.length}.`, USAGE);
  let bar: ProgressBar | null = null;
  const result = analyseRecord(record, {
    ...(seat !== null ? { seats: [seat] } : {}),
    ...(budget?.ok ? { budget: budget.value } : {}),
    seed: flag(args, 'seed') ?? 'analysis',
    moves: moves.value,
    onProgress: (done, total) => {
      bar ??= new ProgressBar(total, 'Analysing');
      bar.update(done);
    },
  });
  (bar as ProgressBar | null)?.finish();
  if (!result.ok) {
    const at = result.error.at;
    console.error(
      `${path}: ${result.error.message} (${result.error.code}${at === undefined ? '' : `, move ${at + 1}`})`,
    );
    return 1;
  }
  if (hasFlag(args, 'json'))
    console.log(JSON.stringify({ names: names ?? [], analysis: result.value }, null, 2));
  else console.log(formatAnalysis(game, record, result.value, names ?? []));
  return 0;
}
