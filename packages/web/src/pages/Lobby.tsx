/**
 * The lobby: play any game against bots in one click, create a table to play with friends, come
 * back to one's own tables, and join or watch the open public ones.
 */
import { TodayEvents } from '../events/TodayEvents.tsx';
import type { BotLevelName, CreateTableBody } from '@matchbox/client';
import type { TFunction } from 'i18next';
import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Lobby as LobbyData, TableSummary } from '../api.ts';
import { api, ApiError } from '../api.ts';
import { Link } from '../components/Link.tsx';
import { errorText } from '../errors.ts';
import { ReplayLink } from '../replay/ReplayLink.tsx';
import { OfflineBanner, OfflineGameLinks } from '../local/LobbyOffline.tsx';
import { DEFAULT_BOT_LEVEL, LEVELS, QUICK_MODES, playersFor, playersQuery } from '../games/modes.ts';
import type { QuickMode } from '../games/modes.ts';
import { webGame } from '../games/index.ts';
import type { GameId } from '../games/types.ts';
import { GAME_IDS } from '../games/types.ts';
import { navigate } from '../router.ts';
import { storedName, storeName, validName } from '../settings.ts';
import { forgetTicket, loadTickets, saveTicket } from '../tickets.ts';
import { onAccountChange, useAccount } from '../account/session.ts';
import { AvatarPicker } from '../components/AvatarPicker.tsx';
import { levelWords, useBotRatings } from '../account/botRatings.ts';
import { CreateTable } from './CreateTable.tsx';
import { PairingPauseNote } from './PairingPauseNote.tsx';
import { PlayNowWaiting, usePairing } from './PlayNow.tsx';
import { YourTurn } from './YourTurn.tsx';

/** Creates a table, keeps its ticket and opens it. */
export async function createAndOpen(body: CreateTableBody): Promise<void> {
  const reply = await api.createTable(body);
  if (reply.ticket) saveTicket({ ...reply.ticket, game: body.game, inviteUrl: reply.inviteUrl });
  navigate(`/t/${reply.table.id}`);
}

export function Lobby() {
  const { t } = useTranslation();
  const [name, setName] = useState(storedName);
  const [level, setLevel] = useState<BotLevelName>(DEFAULT_BOT_LEVEL);
  // The player count chosen per mode that offers several (the mode's own count until then).
  const [counts, setCounts] = useState<Readonly<Record<string, number>>>({});
  const { lobby, unreachable, refresh } = useLobbyData();

  useEffect(() => {
    document.title = t('app.name');
  }, [t]);

  // A member plays under the account's name (the server sets it too).
  const account = useAccount();
  const playerName = () => account?.name ?? (validName(name) ? name.trim() : t('name.default'));
  const play = usePlayNow(playerName, level, counts, t);

  return (
    <main id="main" className="page lobby">
      <h1 className="visually-hidden">{t('lobby.title')}</h1>
      <section className="intro" aria-labelledby="play-now-title">
        <div className="intro-head">
          <div>
            <h2 id="play-now-title">{t('lobby.playNowTitle')}</h2>
            <p className="muted">{t('lobby.playNowText')}</p>
          </div>
          <PlaySettings name={name} setName={setName} level={level} setLevel={setLevel} t={t} />
        </div>
        <OfflineBanner unreachable={unreachable} />
        {play.error ? (
          <p className="error" role="alert">
            {play.error}
          </p>
        ) : null}
        <PairingPauseNote />
        <PlayNowWaiting pairing={play.pairing} />
        <ul className="game-grid" aria-label={t('lobby.games')}>
          {GAME_IDS.map((game) => (
            <GameCard
              key={game}
              game={game}
              play={play}
              level={level}
              counts={counts}
              setCounts={setCounts}
              t={t}
            />
          ))}
        </ul>
        <p className="lobby-pad">
          <Link href="/pad">{t('lobby.scorePad')}</Link>
        </p>
      </section>

      <div className="lobby-columns">
        <CreateTable name={playerName} onCreate={createAndOpen} />
        <div className="lobby-lists">
          <TodayEvents />
          <YourTurn tables={lobby?.mine ?? []} />
          <MyTables
            tables={lobby?.mine ?? []}
            onForget={(id) => {
              forgetTicket(id);
              refresh();
            }}
          />
          <OpenTables tables={lobby?.open ?? []} mine={new Set(lobby?.mine.map((m) => m.id))} />
        </div>
      </div>
    </main>
  );
}

/**
 * The lobby's lists from the server, fetched again every 10 s while the page is seen and after a
 * log-in; `unreachable` when the server did not answer (the lobby then offers the games in this
 * browser, see local/).
 */
function useLobbyData(): { lobby: LobbyData | null; unreachable: boolean; refresh: () => void } {
  const [lobby, setLobby] = useState<LobbyData | null>(null);
  const [unreachable, setUnreachable] = useState(false);
  const refresh = useCallback(() => {
    const tickets = loadTickets().map(({ tableId, token }) => ({ tableId, token }));
    api.lobby(tickets).then(
      (l) => {
        setLobby(l);
        setUnreachable(false);
      },
      (e: unknown) => setUnreachable(e instanceof ApiError && e.code === 'network'),
    );
  }, []);
  useEffect(() => {
    refresh();
    const timer = setInterval(() => document.visibilityState === 'visible' && refresh(), 10_000);
    return () => clearInterval(timer);
  }, [refresh]);
  // A member's seats from other devices arrive after log-in.
  useEffect(() => onAccountChange(refresh), [refresh]);
  return { lobby, unreachable, refresh };
}

interface PlayNow {
  /** The mode whose table is being made (null: none). */
  readonly busy: string | null;
  readonly error: string | null;
  readonly pairing: ReturnType<typeof usePairing>;
  readonly playNow: (mode: QuickMode) => Promise<void>;
}

/** "Play now" for several players seeks strangers first (PlayNow.tsx); a solitaire starts at once. */
function usePlayNow(
  playerName: () => string,
  level: BotLevelName,
  counts: Readonly<Record<string, number>>,
  t: TFunction,
): PlayNow {
  const [busy, setBusy] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const pairing = usePairing();
  const playNow = async (mode: QuickMode) => {
    setBusy(mode.id);
    setError(null);
    const body = {
      game: mode.game,
      players: playersFor(mode, counts[mode.id]),
      name: playerName(),
      botLevel: level,
      ...(mode.options ? { options: mode.options as Record<string, string> } : {}),
    };
    try {
      if (body.players >= 2) {
        await pairing.seek(body);
        setBusy(null);
      } else await createAndOpen(body);
    } catch (e) {
      // Without the server the same game is played in this browser, against the same bots.
      if (e instanceof ApiError && e.code === 'network')
        return navigate(`/play/${mode.id}?level=${level}${playersQuery(mode, counts[mode.id])}`);
      setError(errorText(e, t));
      setBusy(null);
    }
  };
  return { busy, error, pairing, playNow };
}

/** The name to play under (the account's, when logged in), the face, and the bots' level. */
function PlaySettings({
  name,
  setName,
  level,
  setLevel,
  t,
}: {
  name: string;
  setName: (name: string) => void;
  level: BotLevelName;
  setLevel: (level: BotLevelName) => void;
  t: TFunction;
}) {
  const account = useAccount();
  const botRatings = useBotRatings();
  return (
    <div className="intro-settings">
      <label className="field">
        <span>{t('lobby.yourName')}</span>
        <input
          value={account?.name ?? name}
          readOnly={Boolean(account)}
          maxLength={32}
          placeholder={t('name.default')}
          autoComplete="nickname"
          aria-invalid={name !== '' && !validName(name)}
          onChange={(e) => setName(e.target.value)}
          onBlur={() => validName(name) && storeName(name)}
        />
      </label>
      <AvatarPicker />
      <label className="field">
        <span>{t('lobby.botLevel')}</span>
        <select value={level} onChange={(e) => setLevel(e.target.value as BotLevelName)}>
          {LEVELS.map((l) => (
            <option key={l} value={l}>
              {levelWords(t, botRatings, l)}
            </option>
          ))}
        </select>
      </label>
    </div>
  );
}

/** A game's card: its emblem, name, rules and summary, and a Play now button per quick mode. */
function GameCard({
  game,
  play,
  level,
  counts,
  setCounts,
  t,
}: {
  game: GameId;
  play: PlayNow;
  level: BotLevelName;
  counts: Readonly<Record<string, number>>;
  setCounts: (update: (old: Readonly<Record<string, number>>) => Record<string, number>) => void;
  t: TFunction;
}) {
  return (
    <li className={`game-card game-${game}`} data-game={game}>
      <div className="game-card-head">
        <GameMark game={game} />
        <h3>{t(`games.${game}.name`)}</h3>
        <Link
          href={`/rules/${game}`}
          className="game-rules"
          aria-label={t('lobby.rulesOf', { game: t(`games.${game}.name`) })}
        >
          {t('lobby.rules')}
        </Link>
      </div>
      <p className="game-summary">{t(`games.${game}.summary`)}</p>
      <div className="game-actions">
        {QUICK_MODES.filter((m) => m.game === game).map((mode, i) => (
          <span key={mode.id} className="quick-mode">
            <button
              type="button"
              className={`button${i === 0 ? ' primary' : ''}`}
              disabled={play.busy !== null || play.pairing.status !== null}
              aria-busy={play.busy === mode.id}
              data-mode={mode.id}
              onClick={() => void play.playNow(mode)}
            >
              {play.busy === mode.id
                ? t('app.working')
                : mode.playerChoices
                  ? t('modes.playNow')
                  : t(`modes.${mode.id}`)}
            </button>
            {mode.playerChoices ? (
              <label className="field quick-players">
                <span className="visually-hidden">
                  {t('modes.playersOf', { game: t(`games.${game}.name`) })}
                </span>
                <select
                  value={playersFor(mode, counts[mode.id])}
                  data-players={mode.id}
                  onChange={(e) => setCounts((old) => ({ ...old, [mode.id]: Number(e.target.value) }))}
                >
                  {mode.playerChoices.map((n) => (
                    <option key={n} value={n}>
                      {t('modes.players', { count: n })}
                    </option>
                  ))}
                </select>
              </label>
            ) : null}
          </span>
        ))}
        <OfflineGameLinks game={game} level={level} counts={counts} />
      </div>
    </li>
  );
}

/** A small emblem per game (drawn by its plugin, not an image file), in the game's colour. */
export function GameMark({ game }: { game: string }) {
  const Mark = webGame(game)?.Mark;
  return (
    <svg className="game-mark" viewBox="0 0 32 32" width="32" height="32" aria-hidden="true">
      {Mark ? <Mark /> : null}
    </svg>
  );
}

function statusText(table: TableSummary, t: TFunction): string {
  const open = table.seats.filter((s) => s.kind === 'open').length;
  if (table.status === 'waiting') return t('lobby.statusWaiting', { count: open });
  return t(`lobby.status_${table.status}`);
}

function MyTables({
  tables,
  onForget,
}: {
  tables: ReadonlyArray<TableSummary & { seat: number }>;
  onForget: (id: string) => void;
}) {
  const { t } = useTranslation();
  const sorted = [...tables].sort((a, b) => b.updatedAt - a.updatedAt);
  return (
    <section className="panel" aria-labelledby="mine-title">
      <h2 id="mine-title" className="panel-title">
        {t('lobby.myTables')}
      </h2>
      {sorted.length === 0 ? (
        <p className="muted">{t('lobby.noTables')}</p>
      ) : (
        <ul className="table-list">
          {sorted.map((table) => (
            <li key={table.id} data-table={table.id}>
              <span className="table-game">
                {t(`games.${table.game}.name`, { defaultValue: table.game })}
              </span>
              <span className="table-meta">
                {t('lobby.players', { count: table.players })} · {statusText(table, t)}
              </span>
              <span className="table-actions">
                <Link className="button small primary" href={`/t/${table.id}`}>
                  {table.status === 'finished' ? t('lobby.viewResult') : t('lobby.continue')}
                </Link>
                {table.status === 'finished' ? <ReplayLink tableId={table.id} /> : null}
                <button
                  type="button"
                  className="button small"
                  onClick={() => onForget(table.id)}
                  aria-label={t('lobby.forgetLabel', {
                    game: t(`games.${table.game}.name`, { defaultValue: table.game }),
                  })}
                >
                  {t('lobby.forget')}
                </button>
              </span>
            </li>
          ))}
        </ul>
      )}
      <p className="lobby-replay-open">
        <ReplayLink tableId={null} className="button link" />
      </p>
    </section>
  );
}

function OpenTables({ tables, mine }: { tables: readonly TableSummary[]; mine: ReadonlySet<string> }) {
  const { t } = useTranslation();
  const shown = tables.filter((x) => !mine.has(x.id));
  return (
    <section className="panel" aria-labelledby="open-title">
      <h2 id="open-title" className="panel-title">
        {t('lobby.openTables')}
      </h2>
      {shown.length === 0 ? (
        <p className="muted">{t('lobby.noOpenTables')}</p>
      ) : (
        <ul className="table-list">
          {shown.map((table) => {
            const game = t(`games.${table.game}.name`, { defaultValue: table.game });
            const people = table.seats
              .filter((s) => s.kind === 'human')
              .map((s) => s.name)
              .join(', ');
            return (
              <li key={table.id} data-table={table.id}>
                <span className="table-game">{game}</span>
                <span className="table-meta">
                  {t('lobby.players', { count: table.players })} · {statusText(table, t)}
                  {people ? ` · ${people}` : ''}
                </span>
                <span className="table-actions">
                  {table.status === 'waiting' ? (
                    <Link className="button small primary" href={`/join/${table.id}`}>
                      {t('lobby.join')}
                    </Link>
                  ) : null}
                  <Link className="button small" href={`/t/${table.id}`}>
                    {t('lobby.watch')}
                  </Link>
                </span>
              </li>
            );
          })}
        </ul>
      )}
    </section>
  );
}
