/**
 * The score pad for the physical games: `/pad` lists the four games and the pads on this device,
 * `/pad/<game>` keeps one game's score (`?pad=<id>` a given pad, `?new` a new one). Everything is
 * client state in localStorage: no API call, so it works offline. The rules are in each game's folder (games/<game>/pad), found through ./games.ts.
 */
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from '../components/Link.tsx';
import { GAME_IDS, isGameId } from '../games/types.ts';
import type { GameId } from '../games/types.ts';
import { navigate } from '../router.ts';
import { padGame } from './games.ts';
import { PadSetup } from './PadSetup.tsx';
import type { Sheet } from './scoring/index.ts';
import { sheetIsOver, sheetResult, undoSheet } from './scoring/index.ts';
import { textTable } from './share.ts';
import { ShareBar } from './ShareBar.tsx';
import type { SavedPad } from './store.ts';
import { addPad, deletePad, findPad, latestPad, loadPads, updatePad } from './store.ts';
import type { PadT } from './types.ts';
import './pad.css';

export default function PadPage({
  game,
  padId,
  fresh,
}: {
  game: string | null;
  padId: string | null;
  fresh: boolean;
}) {
  const { t } = useTranslation(['pad', 'common']);
  useEffect(() => {
    const title =
      game && isGameId(game) ? t('pad:titleOf', { game: t(`common:games.${game}.name`) }) : t('pad:title');
    document.title = `${title} · ${t('common:app.name')}`;
  }, [game, t]);
  if (game === null) return <PadIndex />;
  if (!isGameId(game) || !padGame(game))
    return (
      <main id="main" className="page narrow">
        <h1>{t('pad:missingGame')}</h1>
        <Link href="/pad">{t('pad:allPads')}</Link>
      </main>
    );
  return <GamePad key={`${game}:${padId ?? ''}:${fresh}`} game={game} padId={padId} fresh={fresh} />;
}

function GamePad({ game, padId, fresh }: { game: GameId; padId: string | null; fresh: boolean }) {
  const { t } = useTranslation(['pad', 'common']);
  const { t: tPad } = useTranslation('pad');
  const [pad, setPad] = useState<SavedPad | null>(() => {
    if (fresh) return null;
    const found = padId ? findPad(padId) : latestPad(game);
    return found?.sheet.game === game ? found : null; // another game's pad is not this page's
  });
  const [lastNames] = useState(() => latestPad(game)?.sheet.players ?? []);
  const gameName = t(`common:games.${game}.name`);

  const change = (sheet: Sheet) => {
    if (!pad) return;
    // Stored at once; if the storage refuses, the pad still lasts for this page.
    setPad(updatePad(pad.id, sheet) ?? { ...pad, sheet, updatedAt: Date.now() });
  };
  const create = (sheet: Sheet) => {
    const made = addPad(sheet);
    setPad(made);
    navigate(`/pad/${game}?pad=${made.id}`, { replace: true });
  };

  let body;
  if (!pad && padId && !fresh) body = <p className="note">{t('pad:missingPad')}</p>;
  if (!pad)
    body = (
      <>
        {body}
        <PadSetup game={game} initialNames={lastNames} onCreate={create} />
      </>
    );
  else {
    const result = sheetResult(pad.sheet);
    const winners = result ? result.winners.map((w) => pad.sheet.players[w]).join(', ') : '';
    const text = [
      t('pad:share.title', { game: gameName }),
      '',
      textTable(tableText(pad.sheet, tPad)),
      ...(result ? ['', t('pad:share.winner', { names: winners })] : []),
    ].join('\n');
    body = (
      <>
        <p className="muted pad-players-line">{pad.sheet.players.join(' · ')}</p>
        <SheetView sheet={pad.sheet} onChange={change} />
        <div className="pad-toolbar">
          <button
            type="button"
            className="button"
            disabled={undoSheet(pad.sheet) === pad.sheet}
            onClick={() => change(undoSheet(pad.sheet))}
          >
            {t('pad:actions.undo')}
          </button>
          <Link className={`button${sheetIsOver(pad.sheet) ? ' primary' : ''}`} href={`/pad/${game}?new`}>
            {t('pad:actions.newGame')}
          </Link>
        </div>
        <ShareBar title={t('pad:share.title', { game: gameName })} text={text} />
      </>
    );
  }
  return (
    <main id="main" className={`page pad-page game-${game}`}>
      <p className="pad-nav">
        <Link href="/pad">{t('pad:allPads')}</Link>
        <Link href={`/rules/${game}`}>{t('common:lobby.rules')}</Link>
      </p>
      <h1>{t('pad:titleOf', { game: gameName })}</h1>
      {body}
    </main>
  );
}

function SheetView({ sheet, onChange }: { sheet: Sheet; onChange: (sheet: Sheet) => void }) {
  const { View } = padGame(sheet.game)!;
  return <View sheet={sheet} onChange={onChange} />;
}

function tableText(sheet: Sheet, t: PadT): string[][] {
  return padGame(sheet.game)!.text(sheet, t);
}

function PadIndex() {
  const { t, i18n } = useTranslation(['pad', 'common']);
  const [pads, setPads] = useState(loadPads);
  const [confirming, setConfirming] = useState<string | null>(null);
  const when = new Intl.DateTimeFormat(i18n.resolvedLanguage, { dateStyle: 'medium', timeStyle: 'short' });
  return (
    <main id="main" className="page narrow pad-page">
      <p className="pad-nav">
        <Link href="/">{t('common:app.backToLobby')}</Link>
      </p>
      <h1>{t('pad:title')}</h1>
      <p>{t('pad:intro')}</p>
      <h2>{t('pad:chooseGame')}</h2>
      <ul className="pad-games">
        {GAME_IDS.filter((g) => padGame(g)).map((game) => (
          <li key={game} className={`game-${game}`}>
            <Link className="button pad-game" href={`/pad/${game}`} data-game={game}>
              {t(`common:games.${game}.name`)}
            </Link>
          </li>
        ))}
      </ul>
      <h2>{t('pad:savedPads')}</h2>
      {pads.length === 0 ? (
        <p className="muted">{t('pad:noPads')}</p>
      ) : (
        <ul className="pad-list">
          {pads.map((p) => (
            <li key={p.id} data-pad={p.id}>
              <strong>{t(`common:games.${p.sheet.game}.name`)}</strong>
              <span className="pad-list-meta">
                {p.sheet.players.join(', ')} ·{' '}
                {t(sheetIsOver(p.sheet) ? 'pad:status.over' : 'pad:status.playing')} ·{' '}
                {t('pad:updated', { when: when.format(p.updatedAt) })}
              </span>
              <span className="pad-list-actions">
                <Link className="button small primary" href={`/pad/${p.sheet.game}?pad=${p.id}`}>
                  {t('pad:continue')}
                </Link>
                <button
                  type="button"
                  className="button small"
                  onClick={() => {
                    if (confirming !== p.id) return setConfirming(p.id);
                    deletePad(p.id);
                    setPads(loadPads());
                    setConfirming(null);
                  }}
                >
                  {confirming === p.id ? t('pad:confirmDelete') : t('pad:delete')}
                </button>
              </span>
            </li>
          ))}
        </ul>
      )}
    </main>
  );
}
