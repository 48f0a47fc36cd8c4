/**
 * `matchbox play <game>`: play in the terminal against bots, or a solitaire alone: a shell over the
 * engine's referee (`GameSession`). You see only your seat's view and the events as your seat sees
 * them (its `updateFor`); the referee lists your legal actions; type one (its number or its text)
 * and illegal input is refused with the engine's reason. Each bot is shown its seat's views.
 */
import type { AnyGame, GameEvent, GameResult, Json, OpenGame, Seat } from '@matchbox/engine';
import { GameSession, getGame, GAMES } from '@matchbox/engine';
import { flag, gameOptions, hasFlag, intFlag, parseCommandLine, usageError } from '../args.ts';
import { describeEvent, type AnyEvent } from '../describe-event.ts';
import { LineReader } from '../lines.ts';
import { makeOpponent, OPPONENT_LEVELS, type Opponent } from '../opponents.ts';
import { renderView } from '../render/index.ts';

export const PLAY_USAGE = `usage: matchbox play <game> [--players N] [--seat S] [--seed S] [--bots level,level,...] [--opt name=value]
  games: ${GAMES.map((g) => g.meta.id).join(', ')}
  bot levels: ${OPPONENT_LEVELS.join(', ')}; at most one per opponent (the last one fills the other seats)`;

export async function playCommand(argv: string[], reader?: LineReader): Promise<number> {
  const parsed = parseCommandLine(argv, {
    values: ['players', 'seat', 'seed', 'bots'],
    positionals: 1,
    gameOptions: true,
  });
  if (!parsed.ok) return usageError(parsed.error.message, PLAY_USAGE);
  const args = parsed.value;
  if (hasFlag(args, 'help')) {
    console.log(PLAY_USAGE);
    return 0;
  }
  const gameId = args.positionals[0];
  const game = gameId ? getGame(gameId) : undefined;
  if (!game) return usageError(gameId ? `Unknown game "${gameId}".` : 'Which game?', PLAY_USAGE);
  const players = intFlag(args, 'players', game.meta.defaultPlayers);
  if (!players.ok) return usageError(players.error.message, PLAY_USAGE);
  const seat = intFlag(args, 'seat', 0, 0);
  if (!seat.ok) return usageError(seat.error.message, PLAY_USAGE);
  const options = gameOptions(game, args);
  if (!options.ok) return usageError(options.error.message, PLAY_USAGE);
  const bots = flag(args, 'bots');
  const levels = (bots ?? 'medium').split(',');
  const unknown = levels.find((l) => !(OPPONENT_LEVELS as readonly string[]).includes(l));
  if (unknown !== undefined)
    return usageError(
      `Unknown bot level "${unknown}" (available: ${OPPONENT_LEVELS.join(', ')}).`,
      PLAY_USAGE,
    );
  const opponents = players.value - 1;
  if (bots !== undefined && levels.length > opponents)
    return usageError(
      opponents === 0
        ? 'A game for one player has no opponents: leave out --bots.'
        : `--bots lists ${levels.length} levels for ${opponents} opponent${opponents === 1 ? '' : 's'}.`,
      PLAY_USAGE,
    );
  const seed = flag(args, 'seed') ?? `play-${Date.now()}`;
  return playGame(
    game,
    { players: players.value, seat: seat.value, seed, options: options.value, levels },
    reader,
  );
}

/** At most this many characters per line of choices. */
const WIDTH = 100;

/**
 * The legal actions as a prompt, every one with its number: on one line when they fit; when many
 * (54 cards to flip, 30 trysts), one line per first word, each choice numbered so that choices of
 * several words (a tryst's cells) stay apart: `tryst: [1] A1 B1 C1  [2] A1 D1 F1`.
 */
export function formatChoices(texts: readonly string[]): string {
  const numbered = (t: string, i: number) => `[${i + 1}] ${t}`;
  const oneLine = texts.map(numbered).join('  ');
  if (oneLine.length <= WIDTH) return oneLine;
  const groups = new Map<string, string[]>();
  texts.forEach((t, i) => {
    const space = t.indexOf(' ');
    const verb = space > 0 ? t.slice(0, space) : '';
    const list = groups.get(verb) ?? [];
    list.push(numbered(space > 0 ? t.slice(space + 1) : t, i));
    groups.set(verb, list);
  });
  const lines: string[] = [];
  for (const [verb, items] of groups) {
    const head = verb === '' ? '' : `${verb}: `;
    let line = head + items[0]!;
    for (const item of items.slice(1)) {
      if (line.length + 2 + item.length > WIDTH) {
        lines.push(line);
        line = ' '.repeat(head.length) + item;
      } else line += `  ${item}`;
    }
    lines.push(line);
  }
  return `type a number (1-${texts.length}) or the action\n  ${lines.join('\n  ')}`;
}

/** What the player's line asks for. */
export type Input =
  | { readonly kind: 'quit' }
  | { readonly kind: 'help' }
  | { readonly kind: 'view' }
  | { readonly kind: 'nothing' }
  | { readonly kind: 'action'; readonly action: unknown }
  | { readonly kind: 'refused'; readonly message: string };

/**
 * Reads one line typed during a game: a command (`q`, `quit`, `help`, `view`), the number of a
 * listed choice, or an action in the game's notation. A number that lists no choice is refused as
 * such ("no choice 99"), not handed to the game's notation parser.
 */
export function readInput(game: AnyGame, legal: readonly unknown[], line: string): Input {
  const input = line.trim();
  if (input === '') return { kind: 'nothing' };
  if (['q', 'quit', 'exit'].includes(input)) return { kind: 'quit' };
  if (input === 'help' || input === '?') return { kind: 'help' };
  if (input === 'view') return { kind: 'view' };
  if (/^\d+$/.test(input)) {
    const k = Number(input);
    if (k >= 1 && k <= legal.length) return { kind: 'action', action: legal[k - 1] };
    return {
      kind: 'refused',
      message: `There is no choice ${input}: type a number from 1 to ${legal.length}, or the action.`,
    };
  }
  const parsed = game.parseAction(input);
  if (!parsed.ok) return { kind: 'refused', message: `${parsed.error.message} (${parsed.error.code})` };
  return { kind: 'action', action: parsed.value };
}

/**
 * The end of a game in words, for the seat `human`: a solitaire is won or lost with its score
 * (`result.solo`); otherwise every seat's score and rank, and who won.
 */
export function describeResult(result: GameResult, human: Seat): string[] {
  if (result.solo) {
    const { won, score } = result.solo;
    return [`Game over. ${won ? 'You won' : 'You lost'}, with a score of ${score}.`];
  }
  const lines = ['Game over. Final scores:'];
  result.scores.forEach((score, s) =>
    lines.push(`  ${s === human ? 'You' : `Seat ${s}`}: ${score} (rank ${result.ranks[s]})`),
  );
  const others = result.winners.filter((w) => w !== human);
  const seats = (list: readonly Seat[]) => `seat${list.length > 1 ? 's' : ''} ${list.join(', ')}`;
  if (!result.winners.includes(human))
    lines.push(
      result.winners.length === 0
        ? 'Nobody wins.'
        : `Winner${others.length > 1 ? 's' : ''}: ${seats(others)}.`,
    );
  else lines.push(others.length === 0 ? 'You win!' : `You share the win with ${seats(others)}.`);
  return lines;
}

export interface PlaySettings {
  readonly players: number;
  readonly seat: Seat;
  readonly seed: string;
  readonly options: Record<string, Json>;
  readonly levels: readonly string[];
}

export async function playGame(game: AnyGame, settings: PlaySettings, given?: LineReader): Promise<number> {
  const { players, seat: human } = settings;
  const started = GameSession.start(game as OpenGame, {
    players,
    seed: settings.seed,
    options: settings.options,
  });
  if (!started.ok) {
    console.error(`${started.error.message} (${started.error.code})`);
    return 2;
  }
  if (!Number.isInteger(human) || human < 0 || human >= players) {
    console.error(`--seat must be from 0 to ${players - 1}.`);
    return 2;
  }
  const opponents = new Map<Seat, Opponent>();
  let k = 0;
  for (let s = 0; s < players; s++) {
    if (s === human) continue;
    const level = settings.levels[Math.min(k++, settings.levels.length - 1)] ?? 'random';
    const bot = makeOpponent(game, level, `${settings.seed}:bot${s}`);
    if (typeof bot === 'string') {
      console.error(bot);
      return 2;
    }
    opponents.set(s, bot);
  }
  const { session, events: setupEvents } = started.value;
  const observeAll = () => {
    for (const [s, bot] of opponents) bot.observe(session.observation(s), s);
  };
  observeAll();
  const reader = given ?? new LineReader();
  const show = (events: readonly GameEvent[]) => {
    const update = session.updateFor(human, events);
    for (const e of update.events)
      console.log(`  ${describeEvent(e as AnyEvent, human, game.meta.id, { view: update.view })}`);
  };
  console.log(
    opponents.size === 0
      ? `${game.meta.name}: a game for one player.`
      : `${game.meta.name}: you are seat ${human}; opponents: ${[...opponents].map(([s, b]) => `seat ${s} ${b.level}`).join(', ')}.`,
  );
  console.log(
    `Seed ${settings.seed}. Type a choice's number or the action; "help" for commands, "q" quits.\n`,
  );
  show(setupEvents);
  let showView = true;
  try {
    while (!session.over) {
      const acting = game.toAct(session.state);
      const botSeat = acting.find((s) => s !== human);
      const seat = acting.includes(human) ? human : (botSeat as Seat);
      let events: GameEvent[];
      if (seat !== human) {
        const action = await opponents.get(seat)!.choose(game, session.state, seat);
        const applied = session.act(seat, action);
        if (!applied.ok)
          throw new Error(`bot at seat ${seat} chose an illegal action: ${applied.error.message}`);
        events = applied.value.events;
      } else {
        const update = session.updateFor(human);
        if (showView) console.log('\n' + renderView(game.meta.id, update.view as object, human));
        showView = false;
        const legal = update.legal.map((l) => l.action);
        console.log(`\nChoose: ${formatChoices(update.legal.map((l) => l.text))}`);
        const line = await reader.ask('> ');
        const input: Input = line === null ? { kind: 'quit' } : readInput(game, legal, line);
        if (input.kind === 'quit') {
          console.log('\nGame abandoned.');
          return 0;
        }
        if (input.kind === 'help') {
          console.log(
            `Type the number of a choice or the action itself (${game.meta.notation}). "view" redraws the table, "q" quits.`,
          );
          continue;
        }
        if (input.kind === 'view') showView = true;
        if (input.kind === 'refused') console.log(`Not accepted: ${input.message}`);
        if (input.kind !== 'action') continue;
        const applied = session.act(human, input.action);
        if (!applied.ok) {
          console.log(`Not accepted: ${applied.error.message} (${applied.error.code})`);
          continue;
        }
        events = applied.value.events;
        showView = true;
      }
      observeAll();
      show(events);
      if (events.length > 0 && seat !== human && game.toAct(session.state).includes(human)) showView = true;
    }
  } finally {
    if (!given) reader.close();
  }
  const state = session.state;
  console.log('\n' + renderView(game.meta.id, game.view(state, human) as object, human));
  console.log('');
  for (const line of describeResult(game.result(state)!, human)) console.log(line);
  return 0;
}
