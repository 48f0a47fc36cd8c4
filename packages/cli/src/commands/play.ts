/**
 * `matchbox play <game>`: play in the terminal against bots. You see only your seat's view; the
 * engine lists your legal actions; type one (its number or its text) and illegal input is refused
 * with the engine's reason.
 */
import type { AnyGame, EventRecord, Json, JsonObject, Seat } from '@matchbox/engine';
import { getGame, GAMES } from '@matchbox/engine';
import { flag, gameOptions, hasFlag, intFlag, parseArgs } from '../args.ts';
import { describeEvent } from '../describe-event.ts';
import { LineReader } from '../lines.ts';
import { makeOpponent, OPPONENT_LEVELS, type Opponent } from '../opponents.ts';
import { renderView } from '../render/index.ts';

export const PLAY_USAGE = `usage: matchbox play <game> [--players N] [--seat S] [--seed S] [--bots level,level,...] [--opt name=value]
  games: ${GAMES.map((g) => g.meta.id).join(', ')}
  bot levels: ${OPPONENT_LEVELS.join(', ')}`;

export async function playCommand(argv: string[], reader?: LineReader): Promise<number> {
  const args = parseArgs(argv);
  if (hasFlag(args, 'help')) {
    console.log(PLAY_USAGE);
    return 0;
  }
  const gameId = args.positionals[0];
  const game = gameId ? getGame(gameId) : undefined;
  if (!game) {
    console.error(gameId ? `Unknown game "${gameId}".` : 'Which game?');
    console.error(PLAY_USAGE);
    return 2;
  }
  const players = intFlag(args, 'players', game.meta.defaultPlayers);
  const seat = intFlag(args, 'seat', 0);
  for (const r of [players, seat]) {
    if (!r.ok) {
      console.error(r.error.message);
      return 2;
    }
  }
  if (!players.ok || !seat.ok) return 2;
  const options = gameOptions(game, args);
  if (!options.ok) {
    console.error(options.error.message);
    return 2;
  }
  const seed = flag(args, 'seed') ?? `play-${Date.now()}`;
  const levels = (flag(args, 'bots') ?? 'medium').split(',');
  return playGame(
    game,
    { players: players.value, seat: seat.value, seed, options: options.value, levels },
    reader,
  );
}

/**
 * The legal actions as a prompt: numbered when few; when many (e.g. 54 cards to flip), grouped by
 * their first word so that the list stays readable ("flip: A1 A2 ..."), to be typed as text.
 */
export function formatChoices(texts: readonly string[]): string {
  if (texts.length <= 16) return texts.map((t, i) => `[${i + 1}] ${t}`).join('  ');
  const groups = new Map<string, string[]>();
  for (const t of texts) {
    const space = t.indexOf(' ');
    const verb = space > 0 ? t.slice(0, space) : t;
    const list = groups.get(verb) ?? [];
    if (space > 0) list.push(t.slice(space + 1));
    groups.set(verb, list);
  }
  const lines = [...groups].map(([verb, rest]) => (rest.length > 0 ? `${verb}: ${rest.join(' ')}` : verb));
  return `type one (e.g. "${texts[0]}") or its number 1-${texts.length}\n  ${lines.join('\n  ')}`;
}

/**
 * The events a seat sees, without a public event that the seat's own private copy repeats with
 * more detail (e.g. "seat 0 drew" followed by "you drew r3").
 */
export function visibleEvents(events: readonly EventRecord[], seat: Seat): JsonObject[] {
  const out: JsonObject[] = [];
  events.forEach((e, i) => {
    const next = events[i + 1];
    const repeated =
      e.to === 'all' &&
      next?.to === seat &&
      next.event.type === e.event.type &&
      next.event.seat === e.event.seat;
    if (!repeated && (e.to === 'all' || e.to === seat)) out.push(e.event);
  });
  return out;
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
  const setup = game.setup({ players, seed: settings.seed, options: settings.options });
  if (!setup.ok) {
    console.error(`${setup.error.message} (${setup.error.code})`);
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
  const state: unknown = setup.value;
  const observeAll = () => {
    for (const [s, bot] of opponents) bot.observe(game, state, s);
  };
  observeAll();
  const reader = given ?? new LineReader();
  console.log(
    `${game.meta.name}: you are seat ${human}; opponents: ${[...opponents].map(([s, b]) => `seat ${s} ${b.level}`).join(', ')}.`,
  );
  console.log(`Seed ${settings.seed}. Type an action's number or its text; "help" for commands.\n`);
  let showView = true;
  try {
    while (!game.isOver(state)) {
      const acting = game.toAct(state);
      const botSeat = acting.find((s) => s !== human);
      const seat = acting.includes(human) ? human : (botSeat as Seat);
      const events: EventRecord[] = [];
      if (seat !== human) {
        const action = await opponents.get(seat)!.choose(game, state, seat);
        const error = game.applyInPlace(state, seat, action, events);
        if (error) throw new Error(`bot at seat ${seat} chose an illegal action: ${error.message}`);
      } else {
        if (showView) console.log('\n' + renderView(game.meta.id, game.view(state, human), human));
        showView = false;
        const legal = game.legalActions(state, human);
        const texts = legal.map((a) => game.formatAction(a));
        console.log(`\nChoose: ${formatChoices(texts)}`);
        const line = await reader.ask('> ');
        if (line === null || line.trim() === 'quit' || line.trim() === 'exit') {
          console.log('\nGame abandoned.');
          return 0;
        }
        const input = line.trim();
        if (input === '') continue;
        if (input === 'help' || input === '?') {
          console.log(
            `Type the number of an action or its text (${game.meta.notation}). "view" redraws the table, "quit" leaves.`,
          );
          continue;
        }
        if (input === 'view') {
          showView = true;
          continue;
        }
        let action: unknown;
        if (/^\d+$/.test(input) && Number(input) >= 1 && Number(input) <= legal.length)
          action = legal[Number(input) - 1];
        else {
          const parsed = game.parseAction(input);
          if (!parsed.ok) {
            console.log(`Not accepted: ${parsed.error.message} (${parsed.error.code})`);
            continue;
          }
          action = parsed.value;
        }
        const error = game.applyInPlace(state, human, action, events);
        if (error) {
          console.log(`Not accepted: ${error.message} (${error.code})`);
          continue;
        }
        showView = true;
      }
      observeAll();
      for (const e of visibleEvents(events, human)) console.log(`  ${describeEvent(e, human)}`);
      if (events.length > 0 && seat !== human && game.toAct(state).includes(human)) showView = true;
    }
  } finally {
    if (!given) reader.close();
  }
  console.log('\n' + renderView(game.meta.id, game.view(state, human), human));
  const result = game.result(state)!;
  console.log('\nGame over. Final scores:');
  for (let s = 0; s < players; s++) {
    console.log(`  ${s === human ? 'You' : `Seat ${s}`}: ${result.scores[s]} (rank ${result.ranks[s]})`);
  }
  console.log(
    result.winners.includes(human)
      ? 'You win!'
      : `Winner${result.winners.length > 1 ? 's' : ''}: seat ${result.winners.join(', ')}.`,
  );
  return 0;
}
