/**
 * The member's notifications, on their own profile: allow or stop them on this device, and a
 * switch per kind (a slow game's turn, a player joining their table, a table found by pairing),
 * kept by the server for every device (docs/server.md, "Notifications").
 */
import type { PushKind, PushSettingsReply } from '@matchbox/client';
import { PUSH_KINDS } from '@matchbox/client/vocabulary';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../api.ts';
import {
  allowOnThisDevice,
  changePushSettings,
  deviceSubscription,
  pushSettings,
  pushSupported,
  stopOnThisDevice,
} from './notifications.ts';

/** What this device does: unknown yet, no support, blocked by the person, on, or off. */
type DeviceState = 'unknown' | 'unsupported' | 'denied' | 'on' | 'off';

async function deviceState(): Promise<DeviceState> {
  if (!pushSupported()) return 'unsupported';
  if (Notification.permission === 'denied') return 'denied';
  return (await deviceSubscription().catch(() => null)) ? 'on' : 'off';
}

export function NotificationSettings() {
  const { t, i18n } = useTranslation(['account', 'errors']);
  const [device, setDevice] = useState<DeviceState>('unknown');
  const [reply, setReply] = useState<PushSettingsReply | null>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    void deviceState().then(setDevice);
    pushSettings().then(setReply, () => undefined);
  }, []);

  const explain = (e: unknown) => {
    if (e instanceof ApiError) return t(`errors:${e.code}`, { defaultValue: e.message });
    return e instanceof Error && e.message === 'denied' ? t('notifications.denied') : String(e);
  };
  const run = async (work: () => Promise<void>) => {
    setBusy(true);
    setError(null);
    try {
      await work();
    } catch (e) {
      setError(explain(e));
    } finally {
      setDevice(await deviceState());
      setReply(await pushSettings().catch(() => null));
      setBusy(false);
    }
  };
  const lang = i18n.resolvedLanguage === 'de' ? 'de' : 'en';
  const toggle = (kind: PushKind, on: boolean) =>
    void run(() => changePushSettings({ [kind]: on }).then(() => undefined));

  return (
    <section
      className="panel notifications"
      aria-labelledby="notifications-title"
      data-testid="notifications"
    >
      <h2 id="notifications-title" className="panel-title">
        {t('notifications.title')}
      </h2>
      <p className="muted" data-testid="notifications-device">
        {t(`notifications.device.${device}`)}
      </p>
      {device === 'off' || device === 'on' ? (
        <button
          type="button"
          className="button small"
          disabled={busy}
          onClick={() => void run(() => (device === 'on' ? stopOnThisDevice() : allowOnThisDevice(lang)))}
        >
          {device === 'on' ? t('notifications.stop') : t('notifications.allow')}
        </button>
      ) : null}
      {error ? (
        <p className="error" role="alert">
          {error}
        </p>
      ) : null}
      {reply ? (
        <fieldset className="notification-kinds" disabled={busy}>
          <legend>{t('notifications.kinds')}</legend>
          {PUSH_KINDS.map((kind) => (
            <label key={kind} className="switch">
              <input
                type="checkbox"
                role="switch"
                checked={reply.settings[kind]}
                onChange={(e) => toggle(kind, e.currentTarget.checked)}
                data-kind={kind}
              />{' '}
              {t(`notifications.kind.${kind}`)}
            </label>
          ))}
        </fieldset>
      ) : null}
    </section>
  );
}
