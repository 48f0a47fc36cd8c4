/**
 * Create a table to play with friends: the game, the number of players, the game's options (as
 * GET /api/games lists them), each seat open for a person or a bot of some level, public or by
 * invitation, and an optional clock per move. The creator takes the first open seat.
 */
import type { BotLevelName, CreateTableBody, GameInfo, SeatSpec } from '@matchbox/client';
import { DEFAULT_CLOCK_SECONDS } from '@matchbox/client/vocabulary';
import type { TFunction } from 'i18next';
import { useEffect, useId, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api } from '../api.ts';
import { levelWords, useBotRatings } from '../account/botRatings.ts';
import { errorText } from '../errors.ts';
import { DEFAULT_BOT_LEVEL, LEVELS } from '../games/modes.ts';
import { webGame } from '../games/index.ts';
import type { OptionValue, TableForm } from '../games/plugin.ts';
import { GAME_IDS } from '../games/types.ts';

type OptionInfo = GameInfo['options'][number] & {
  min?: number;
  max?: number;
  choices?: readonly string[];
};
type SeatChoice = 'open' | BotLevelName;

/**
 * The options a player chooses in words come from each game's plugin (`form.namedChoices`). The
 * seat options (who deals or starts first) are chosen by seat below; `turnLimit` is a safety net of
 * the engine, not a rule, and tile sets are for the terminal: the form leaves both alone.
 */
/** Options naming a seat: the first dealer (MM-3) or the first player (MA-11). */
const SEAT_OPTIONS: ReadonlySet<string> = new Set(['firstDealer', 'firstPlayer']);
const HIDDEN_OPTIONS: ReadonlySet<string> = new Set(['turnLimit', 'tiles', 'keyedChance']);
/** Options of one game that the duplicate events set and a table does not offer (`game:option`). */
const HIDDEN_GAME_OPTIONS: ReadonlySet<string> = new Set(['match:rounds']);

const formOf = (game: string): TableForm | undefined => webGame(game)?.form;

/** The options that do not count with the chosen ones (MATCHET's rounds in a solitaire). */
const unusedOptions = (game: string, options: Readonly<Record<string, OptionValue>>): ReadonlySet<string> =>
  new Set(formOf(game)?.unused?.(options));

/** The player counts a game offers with its chosen mode (the duel and the solitaires fix them). */
function playerRange(
  info: GameInfo | null,
  options: Readonly<Record<string, OptionValue>>,
): [number, number] {
  if (!info) return [2, 4];
  const range = [info.minPlayers, info.maxPlayers] as const;
  const [min, max] = formOf(info.id)?.players?.(options, range) ?? range;
  return [min, max];
}

/** Seconds per move; a day or more makes a slow game (played over days, several at once). */
/**
 * The time per move a table may have. A table of several seats always has one (a person who has
 * gone never holds it up: a stand-in plays after the clock, docs/server.md); the server's default
 * comes first.
 */
const CLOCKS = [DEFAULT_CLOCK_SECONDS, 30, 300, 86_400, 3 * 86_400, 7 * 86_400] as const;

export function CreateTable({
  name,
  onCreate,
}: {
  name: () => string;
  onCreate: (body: CreateTableBody) => Promise<void>;
}) {
  const { t } = useTranslation();
  const formId = useId();
  const form = useCreateForm(name, onCreate, t);
  const { game, options, seats, info } = form;
  const [min, max] = playerRange(info, options);
  const unused = unusedOptions(game, options);
  const shownOptions = ((info?.options ?? []) as OptionInfo[]).filter(
    (o) =>
      o.type !== 'json' &&
      !HIDDEN_OPTIONS.has(o.name) &&
      !HIDDEN_GAME_OPTIONS.has(`${game}:${o.name}`) &&
      !unused.has(o.name),
  );
  return (
    <section className="panel create" aria-labelledby={`${formId}-title`}>
      <h2 id={`${formId}-title`} className="panel-title">
        {t('create.title')}
      </h2>
      <p className="muted">{t('create.text')}</p>
      <form onSubmit={(e) => void form.submit(e)} className="create-form">
        <div className="form-row">
          <label className="field">
            <span>{t('create.game')}</span>
            <select value={game} onChange={(e) => form.changeGame(e.target.value)} name="game">
              {GAME_IDS.map((g) => (
                <option key={g} value={g}>
                  {t(`games.${g}.name`)}
                </option>
              ))}
            </select>
          </label>
          <label className="field">
            <span>{t('create.players')}</span>
            <select
              value={form.players}
              onChange={(e) => form.resize(Number(e.target.value))}
              name="players"
              disabled={min === max}
            >
              {Array.from({ length: max - min + 1 }, (_, i) => min + i).map((n) => (
                <option key={n} value={n}>
                  {n}
                </option>
              ))}
            </select>
          </label>
        </div>
        {shownOptions
          .filter((o) => o.name === 'mode')
          .map((o) => (
            <OptionField
              key={`${game}-${o.name}`}
              game={game}
              option={o}
              value={options[o.name]}
              onChange={form.setOption}
            />
          ))}
        <SeatsFieldset form={form} t={t} />
        <OtherOptions form={form} shown={shownOptions.filter((o) => o.name !== 'mode')} t={t} />
        <div className="form-row">
          <label className="field check">
            <input
              type="checkbox"
              checked={form.isPublic}
              onChange={(e) => form.setPublic(e.target.checked)}
            />
            <span>{t('create.public')}</span>
          </label>
          <label className="field">
            <span>{t('create.clock')}</span>
            <select value={form.clock} onChange={(e) => form.setClock(Number(e.target.value))}>
              {CLOCKS.map((c) => (
                <option key={c} value={c}>
                  {t(`create.clock_${c}`)}
                </option>
              ))}
            </select>
          </label>
        </div>
        {form.error ? (
          <p className="error" role="alert">
            {form.error}
          </p>
        ) : null}
        <button type="submit" className="button primary" disabled={form.busy || !seats.includes('open')}>
          {form.busy ? t('app.working') : t('create.submit')}
        </button>
        {!seats.includes('open') ? <p className="muted small">{t('create.needOpen')}</p> : null}
      </form>
    </section>
  );
}

/** The form's state: the game and its options, the seats, public, the clock, and the sending. */
function useCreateForm(name: () => string, onCreate: (body: CreateTableBody) => Promise<void>, t: TFunction) {
  const [games, setGames] = useState<GameInfo[] | null>(null);
  const [game, setGame] = useState<string>(GAME_IDS[0]);
  const [players, setPlayers] = useState(4);
  const [options, setOptions] = useState<Record<string, OptionValue>>({});
  const [seats, setSeats] = useState<SeatChoice[]>(['open', 'open', DEFAULT_BOT_LEVEL, DEFAULT_BOT_LEVEL]);
  const [isPublic, setPublic] = useState(false);
  const [clock, setClock] = useState<number>(DEFAULT_CLOCK_SECONDS);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    api.games().then(setGames, (e: unknown) => setError(errorText(e, t)));
  }, [t]);
  const info = useMemo(() => games?.find((g) => g.id === game) ?? null, [games, game]);

  const changeGame = (id: string) => {
    setGame(id);
    setOptions({});
    const g = games?.find((x) => x.id === id);
    if (g) resize(g.defaultPlayers);
  };
  const resize = (n: number) => {
    setPlayers(n);
    setSeats((old) => Array.from({ length: n }, (_, i) => old[i] ?? DEFAULT_BOT_LEVEL));
    // A seat option past the new table (the dealer at seat 6 of 4) goes back to the first seat.
    setOptions((old) => {
      const out = { ...old };
      for (const k of SEAT_OPTIONS) {
        const seat = out[k];
        if (typeof seat === 'number' && seat >= n) delete out[k];
      }
      return out;
    });
  };
  const setOption = (name: string, value: OptionValue) => {
    const next = { ...options, [name]: value };
    setOptions(next);
    // A mode with its own player count (the duel, a solitaire) sets it; back to several players,
    // the game's usual count.
    if (name === 'mode' && info) {
      const [lo, hi] = playerRange(info, next);
      if (players < lo || players > hi)
        resize(lo === hi ? lo : Math.min(hi, Math.max(lo, info.defaultPlayers)));
    }
  };

  const submit = async (e: React.FormEvent) => {
    e.preventDefault();
    setBusy(true);
    setError(null);
    const spec: SeatSpec[] = seats.map((s) => (s === 'open' ? { kind: 'open' } : { kind: 'bot', level: s }));
    const opts = chosenOptions(info, game, options);
    try {
      await onCreate({
        game,
        players,
        name: name(),
        seats: spec,
        public: isPublic,
        ...(Object.keys(opts).length ? { options: opts as Record<string, string> } : {}),
        clockSeconds: clock,
      });
    } catch (err) {
      setError(errorText(err, t));
      setBusy(false);
    }
  };
  return {
    game,
    info,
    players,
    options,
    seats,
    setSeats,
    isPublic,
    setPublic,
    clock,
    setClock,
    busy,
    error,
    changeGame,
    resize,
    setOption,
    submit,
  };
}

type CreateForm = ReturnType<typeof useCreateForm>;

/** The options the player set, in their JSON types (the rest keep the game's defaults). */
function chosenOptions(
  info: GameInfo | null,
  game: string,
  options: Readonly<Record<string, OptionValue>>,
): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const o of (info?.options ?? []) as OptionInfo[]) {
    const v = options[o.name];
    if (v !== undefined) out[o.name] = v;
  }
  for (const name of unusedOptions(game, options)) delete out[name];
  return out;
}

/** Each seat open for a person or a bot of some level. */
function SeatsFieldset({ form, t }: { form: CreateForm; t: TFunction }) {
  const botRatings = useBotRatings();
  return (
    <fieldset className="seats-fieldset">
      <legend>{t('create.seats')}</legend>
      <ol className="seat-specs">
        {form.seats.map((s, i) => (
          <li key={i}>
            <label className="field inline">
              <span>{t('create.seat', { n: i + 1 })}</span>
              <select
                value={s}
                onChange={(e) =>
                  form.setSeats((old) => old.map((x, j) => (j === i ? (e.target.value as SeatChoice) : x)))
                }
              >
                <option value="open">{t('create.seatOpen')}</option>
                {LEVELS.map((l) => (
                  <option key={l} value={l}>
                    {t('seat.bot', { level: levelWords(t, botRatings, l, form.game) })}
                  </option>
                ))}
              </select>
            </label>
          </li>
        ))}
      </ol>
      <p className="muted small">{t('create.seatsHint')}</p>
    </fieldset>
  );
}

/** The game's options after the mode: those naming a seat chosen by seat, the others by value. */
function OtherOptions({ form, shown, t }: { form: CreateForm; shown: readonly OptionInfo[]; t: TFunction }) {
  const { game, options, seats } = form;
  // Who sits where, in words, for the options that name a seat: the creator takes the first open
  // seat; the other open seats are for the people invited; the bots play at their level.
  const firstOpen = seats.indexOf('open');
  const seatWho = (i: number): string =>
    t('create.seatWho', {
      n: i + 1,
      who:
        i === firstOpen
          ? t('create.whoYou')
          : seats[i] === 'open'
            ? t('create.whoInvited')
            : t('create.whoBot', { level: t(`level.${seats[i] ?? DEFAULT_BOT_LEVEL}`) }),
    });
  return (
    <>
      {shown.map((o) =>
        SEAT_OPTIONS.has(o.name) ? (
          <SeatOptionField
            key={`${game}-${o.name}`}
            game={game}
            option={o}
            value={typeof options[o.name] === 'number' ? (options[o.name] as number) : Number(o.default ?? 0)}
            seats={seats.map((_, i) => seatWho(i))}
            onChange={form.setOption}
          />
        ) : (
          <OptionField
            key={`${game}-${o.name}`}
            game={game}
            option={o}
            value={options[o.name]}
            onChange={form.setOption}
          />
        ),
      )}
    </>
  );
}

/** A label with the option's explanation below it, tied to the control for screen readers. */
function OptionLabel({ game, option, hintId }: { game: string; option: OptionInfo; hintId: string }) {
  const { t } = useTranslation();
  return (
    <>
      <span>{t(`options.${game}.${option.name}.label`, { defaultValue: option.name })}</span>
      <small className="hint" id={hintId}>
        {t(`options.${game}.${option.name}.hint`, { defaultValue: '' })}
      </small>
    </>
  );
}

const sameValue = (a: OptionValue | undefined, b: unknown): boolean =>
  JSON.stringify(a) === JSON.stringify(b);

/** One option in words: a box to tick, or a choice of named values (a format, a length, a mode). */
function OptionField({
  game,
  option,
  value,
  onChange,
}: {
  game: string;
  option: OptionInfo;
  value: OptionValue | undefined;
  onChange: (name: string, v: OptionValue) => void;
}) {
  const { t } = useTranslation();
  const hintId = useId();
  if (option.type === 'boolean')
    return (
      <label className="field check">
        <input
          type="checkbox"
          checked={value === undefined ? option.default === true : value === true}
          aria-describedby={hintId}
          onChange={(e) => onChange(option.name, e.target.checked)}
        />
        <span>
          <OptionLabel game={game} option={option} hintId={hintId} />
        </span>
      </label>
    );
  const named: readonly (readonly [string, OptionValue])[] =
    formOf(game)?.namedChoices?.[option.name] ?? (option.choices ?? []).map((c) => [c, c] as const);
  if (named.length === 0) return null;
  const current = value ?? (option.default as OptionValue);
  const selected = named.find(([, v]) => sameValue(current, v))?.[0] ?? named[0]![0];
  return (
    <label className="field option-field">
      <OptionLabel game={game} option={option} hintId={hintId} />
      <select
        value={selected}
        name={option.name}
        aria-describedby={hintId}
        onChange={(e) => onChange(option.name, named.find(([k]) => k === e.target.value)![1])}
      >
        {named.map(([k]) => (
          <option key={k} value={k}>
            {t(`options.${game}.${option.name}.${k}`)}
          </option>
        ))}
      </select>
    </label>
  );
}

/** An option naming a seat (who deals or starts first), chosen by the seat's number and who sits there. */
function SeatOptionField({
  game,
  option,
  value,
  seats,
  onChange,
}: {
  game: string;
  option: OptionInfo;
  value: number;
  seats: readonly string[];
  onChange: (name: string, v: OptionValue) => void;
}) {
  const hintId = useId();
  return (
    <label className="field option-field">
      <OptionLabel game={game} option={option} hintId={hintId} />
      <select
        value={value < seats.length ? value : 0}
        name={option.name}
        aria-describedby={hintId}
        onChange={(e) => onChange(option.name, Number(e.target.value))}
      >
        {seats.map((who, i) => (
          <option key={i} value={i}>
            {who}
          </option>
        ))}
      </select>
    </label>
  );
}
