/**
 * Create a table to play with friends: the game, the number of players, the game's options (as
 * GET /api/games lists them), each seat open for a person or a bot of some level, public or by
 * invitation, and an optional clock per move. The creator takes the first open seat.
 */
import type { BotLevelName, CreateTableBody, GameInfo, SeatSpec } from '@matchbox/client';
import { useEffect, useId, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api } from '../api.ts';
import { errorText } from '../errors.ts';
import { DEFAULT_BOT_LEVEL, LEVELS } from '../games/modes.ts';
import { GAME_IDS } from '../games/types.ts';

type OptionInfo = GameInfo['options'][number] & {
  min?: number;
  max?: number;
  choices?: readonly string[];
};
type SeatChoice = 'open' | BotLevelName;

/** Seconds per move; a day or more makes a slow game (played over days, several at once). */
const CLOCKS = [0, 30, 60, 300, 86_400, 3 * 86_400, 7 * 86_400] as const;

export function CreateTable({
  name,
  onCreate,
}: {
  name: () => string;
  onCreate: (body: CreateTableBody) => Promise<void>;
}) {
  const { t } = useTranslation();
  const formId = useId();
  const [games, setGames] = useState<GameInfo[] | null>(null);
  const [game, setGame] = useState<string>(GAME_IDS[0]);
  const [players, setPlayers] = useState(4);
  const [options, setOptions] = useState<Record<string, string | boolean>>({});
  const [seats, setSeats] = useState<SeatChoice[]>(['open', 'open', DEFAULT_BOT_LEVEL, DEFAULT_BOT_LEVEL]);
  const [isPublic, setPublic] = useState(false);
  const [clock, setClock] = useState(0);
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
  };

  const optionValue = (o: OptionInfo): string | boolean => {
    const v = options[o.name];
    if (v !== undefined) return v;
    if (o.type === 'boolean') return o.default === true;
    if (Array.isArray(o.default)) return o.default.join(',');
    return typeof o.default === 'number' || typeof o.default === 'string' ? String(o.default) : '';
  };

  /** The options that differ from the defaults, in their JSON types. */
  const chosenOptions = (): Record<string, unknown> => {
    const out: Record<string, unknown> = {};
    for (const o of (info?.options ?? []) as OptionInfo[]) {
      const v = options[o.name];
      if (v === undefined) continue;
      if (o.type === 'boolean') out[o.name] = v === true;
      else if (o.type === 'integer') out[o.name] = Number(v);
      else if (o.type === 'integer-list')
        out[o.name] = String(v)
          .split(/[\s,;]+/)
          .filter(Boolean)
          .map(Number);
      else out[o.name] = v;
    }
    return out;
  };

  const submit = async (e: React.FormEvent) => {
    e.preventDefault();
    setBusy(true);
    setError(null);
    const spec: SeatSpec[] = seats.map((s) => (s === 'open' ? { kind: 'open' } : { kind: 'bot', level: s }));
    const opts = chosenOptions();
    try {
      await onCreate({
        game,
        players,
        name: name(),
        seats: spec,
        public: isPublic,
        ...(Object.keys(opts).length ? { options: opts as Record<string, string> } : {}),
        ...(clock ? { clockSeconds: clock } : {}),
      });
    } catch (err) {
      setError(errorText(err, t));
      setBusy(false);
    }
  };

  const min = info?.minPlayers ?? 1;
  const max = info?.maxPlayers ?? 8;
  return (
    <section className="panel create" aria-labelledby={`${formId}-title`}>
      <h2 id={`${formId}-title`} className="panel-title">
        {t('create.title')}
      </h2>
      <p className="muted">{t('create.text')}</p>
      <form onSubmit={(e) => void submit(e)} className="create-form">
        <div className="form-row">
          <label className="field">
            <span>{t('create.game')}</span>
            <select value={game} onChange={(e) => changeGame(e.target.value)} name="game">
              {GAME_IDS.map((g) => (
                <option key={g} value={g}>
                  {t(`games.${g}.name`)}
                </option>
              ))}
            </select>
          </label>
          <label className="field">
            <span>{t('create.players')}</span>
            <select value={players} onChange={(e) => resize(Number(e.target.value))} name="players">
              {Array.from({ length: max - min + 1 }, (_, i) => min + i).map((n) => (
                <option key={n} value={n}>
                  {n}
                </option>
              ))}
            </select>
          </label>
        </div>
        {((info?.options ?? []) as OptionInfo[])
          .filter((o) => o.type !== 'json')
          .map((o) => (
            <OptionField
              key={`${game}-${o.name}`}
              game={game}
              option={o}
              value={optionValue(o)}
              onChange={(v) => setOptions((old) => ({ ...old, [o.name]: v }))}
            />
          ))}
        <fieldset className="seats-fieldset">
          <legend>{t('create.seats')}</legend>
          <ol className="seat-specs">
            {seats.map((s, i) => (
              <li key={i}>
                <label className="field inline">
                  <span>{t('create.seat', { n: i + 1 })}</span>
                  <select
                    value={s}
                    onChange={(e) =>
                      setSeats((old) => old.map((x, j) => (j === i ? (e.target.value as SeatChoice) : x)))
                    }
                  >
                    <option value="open">{t('create.seatOpen')}</option>
                    {LEVELS.map((l) => (
                      <option key={l} value={l}>
                        {t('seat.bot', { level: t(`level.${l}`) })}
                      </option>
                    ))}
                  </select>
                </label>
              </li>
            ))}
          </ol>
          <p className="muted small">{t('create.seatsHint')}</p>
        </fieldset>
        <div className="form-row">
          <label className="field check">
            <input type="checkbox" checked={isPublic} onChange={(e) => setPublic(e.target.checked)} />
            <span>{t('create.public')}</span>
          </label>
          <label className="field">
            <span>{t('create.clock')}</span>
            <select value={clock} onChange={(e) => setClock(Number(e.target.value))}>
              {CLOCKS.map((c) => (
                <option key={c} value={c}>
                  {t(`create.clock_${c}`)}
                </option>
              ))}
            </select>
          </label>
        </div>
        {error ? (
          <p className="error" role="alert">
            {error}
          </p>
        ) : null}
        <button type="submit" className="button primary" disabled={busy || !seats.includes('open')}>
          {busy ? t('app.working') : t('create.submit')}
        </button>
        {!seats.includes('open') ? <p className="muted small">{t('create.needOpen')}</p> : null}
      </form>
    </section>
  );
}

function OptionField({
  game,
  option,
  value,
  onChange,
}: {
  game: string;
  option: OptionInfo;
  value: string | boolean;
  onChange: (v: string | boolean) => void;
}) {
  const { t } = useTranslation();
  const label = t(`options.${game}.${option.name}.label`, { defaultValue: option.name });
  const hint = t(`options.${game}.${option.name}.hint`, { defaultValue: '' });
  if (option.type === 'boolean')
    return (
      <label className="field check">
        <input type="checkbox" checked={value === true} onChange={(e) => onChange(e.target.checked)} />
        <span>
          {label}
          {hint ? <small className="hint">{hint}</small> : null}
        </span>
      </label>
    );
  return (
    <label className="field">
      <span>{label}</span>
      {option.type === 'choice' && option.choices ? (
        <select value={String(value)} onChange={(e) => onChange(e.target.value)}>
          {option.choices.map((c) => (
            <option key={c} value={c}>
              {t(`options.${game}.${option.name}.${c}`, { defaultValue: c })}
            </option>
          ))}
        </select>
      ) : (
        <input
          value={String(value)}
          inputMode={option.type === 'integer' || option.type === 'integer-list' ? 'numeric' : undefined}
          onChange={(e) => onChange(e.target.value)}
        />
      )}
      {hint ? <small className="hint">{hint}</small> : null}
    </label>
  );
}
