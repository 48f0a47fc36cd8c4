/**
 * A replay: `/replay/<table>` shows a table's game step by step with the game's own board; a
 * finished game's whole record is replayed here with the engine, so any seat's view and every
 * player's cards can be shown; a live table shows only what this browser's seat (or a spectator)
 * saw, as the server filtered it. `/replay` opens a record file and replays it locally. Step with
 * the buttons, the arrow keys, the slider or the move list; jump to a hand or round; download the
 * record as a text file (docs/records.md). A finished table's game can be analysed (the server
 * values every decision from what its player knew): the panel under the board shows the graph and
 * the key moments, and each step the candidates of the decision there (AnalysisPanel.tsx).
 */
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { PublicSeat } from '@matchbox/client';
import { api } from '../api.ts';
import { Link } from '../components/Link.tsx';
import { errorText } from '../errors.ts';
import { isGameId } from '../games/types.ts';
import { seatNames } from '../table/seatNames.ts';
import { ticketFor } from '../tickets.ts';
import { OpenFile, ReplayView } from './ReplayView.tsx';
import { fetchTableReplay, replayOfText } from './source.ts';
import type { Loaded } from './useReplay.ts';
import './replay.css';
import { fetchEventReplay } from '../events/replay.ts';

export default function ReplayPage({
  tableId,
  event = null,
}: {
  tableId: string | null;
  /** A duplicate event's table of another entrant: its record comes through the event (events/). */
  event?: string | null;
}) {
  const { t } = useTranslation(['replay', 'common']);
  // Seat names ("Bot 2 (easy)") are the shell's words.
  const { t: tCommon } = useTranslation('common');
  const [loaded, setLoaded] = useState<Loaded | null>(null);
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    document.title = `${t('replay:title')} · ${t('common:app.name')}`;
  }, [t]);

  useEffect(() => {
    if (!tableId) return;
    let live = true;
    (async () => {
      const summary = await api.table(tableId);
      const fetched = event
        ? await fetchEventReplay(event, tableId)
        : await fetchTableReplay(tableId, summary.players, summary.game, ticketFor(tableId)?.token ?? null);
      if (live)
        setLoaded({
          ...fetched,
          names: seatNames(summary.seats, tCommon),
          faces: facesOf(summary.seats),
          tableId,
          opened: 0,
        });
    })().catch((e: unknown) => live && setError(errorText(e, t)));
    return () => {
      live = false;
    };
    // The names follow the language only on the next load; the game does not change.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [tableId]);

  const openFile = (text: string) => {
    const read = replayOfText(text);
    if (!read.ok) {
      setError(
        read.error.at !== undefined
          ? t('replay:badMove', { n: read.error.at + 1, message: read.error.message })
          : t('replay:badFile', { message: read.error.message }),
      );
      return;
    }
    const names =
      read.names?.map((n, k) => n || t('replay:seat', { n: k + 1 })) ??
      Array.from({ length: read.replay.players }, (_, k) => t('replay:seat', { n: k + 1 }));
    setError(null);
    setLoaded((was) => ({
      replay: read.replay,
      names,
      tableId: null,
      finished: true,
      opened: (was?.opened ?? 0) + 1,
    }));
  };

  return (
    <main
      id="main"
      className="page table-page replay-page"
      data-replay={loaded ? loaded.replay.game : 'none'}
    >
      {loaded && isGameId(loaded.replay.game) ? (
        <>
          <ReplayView
            key={`${loaded.tableId}:${loaded.opened}`}
            loaded={loaded}
            game={loaded.replay.game}
            onFile={openFile}
            error={error}
          />
        </>
      ) : (
        <>
          <div className="table-top">
            <h1 className="table-title">{t('replay:title')}</h1>
            <div className="table-tools">
              <Link href="/" className="button small">
                {t('common:app.lobby')}
              </Link>
            </div>
          </div>
          {tableId && !error ? <p className="loading">{t('common:app.loading')}</p> : null}
          {error ? (
            <p className="error" role="alert">
              {error}
            </p>
          ) : null}
          {tableId ? null : (
            <section className="panel replay-open" aria-labelledby="open-title">
              <h2 id="open-title" className="panel-title">
                {t('replay:openTitle')}
              </h2>
              <p className="muted">{t('replay:openHint')}</p>
              <OpenFile onText={openFile} />
            </section>
          )}
        </>
      )}
    </main>
  );
}

/**
 * The seats' faces for the replay's board: who sat there, as at the table, without presence (a
 * replay shows nobody as away or connected).
 */
function facesOf(seats: readonly PublicSeat[]): readonly PublicSeat[] {
  return seats.map((s) => ({ ...s, connected: true, left: false }));
}
