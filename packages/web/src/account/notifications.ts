/**
 * Notifications on this device (docs/server.md, "Notifications"): the browser's Web Push,
 * subscribed with the server's key through the app's service worker (sw/service-worker.ts shows
 * what arrives), and the member's choice of kinds, kept by the server for every device.
 */
import type { PushKind, PushLanguage, PushSettingsReply } from '@matchbox/client';
import * as answers from '@matchbox/client/answers';
import { accountRequest } from './session.ts';

/** Whether this browser can receive notifications from a page (service worker, Push API, Notification). */
export function pushSupported(): boolean {
  return (
    typeof navigator !== 'undefined' &&
    'serviceWorker' in navigator &&
    typeof window !== 'undefined' &&
    'PushManager' in window &&
    'Notification' in window
  );
}

/** The app's service worker registration (registered now if the first interaction has not yet). */
async function registration(): Promise<ServiceWorkerRegistration> {
  const existing = await navigator.serviceWorker.getRegistration();
  if (!existing) await navigator.serviceWorker.register('/sw.js');
  return navigator.serviceWorker.ready;
}

/** This device's push subscription, or null (none, or no support). */
export async function deviceSubscription(): Promise<PushSubscription | null> {
  if (!pushSupported()) return null;
  const existing = await navigator.serviceWorker.getRegistration();
  return existing ? existing.pushManager.getSubscription() : null;
}

/** The server's VAPID key as the bytes `subscribe` wants. */
function keyBytes(base64url: string): Uint8Array<ArrayBuffer> {
  const b64 = base64url.replace(/-/g, '+').replace(/_/g, '/');
  const raw = atob(b64 + '='.repeat((4 - (b64.length % 4)) % 4));
  const bytes = new Uint8Array(new ArrayBuffer(raw.length));
  for (let i = 0; i < raw.length; i++) bytes[i] = raw.charCodeAt(i);
  return bytes;
}

/**
 * Asks the person's permission, subscribes this device and tells the server. Throws the server's
 * refusal (an `ApiError`, e.g. `unknown_push_service`) or `denied` when the person said no.
 */
export async function allowOnThisDevice(lang: PushLanguage): Promise<void> {
  const permission = await Notification.requestPermission();
  if (permission !== 'granted') throw new Error('denied');
  const reg = await registration();
  const { key } = await accountRequest('GET', '/api/push/key', answers.pushKey);
  let sub = await reg.pushManager.getSubscription();
  sub ??= await reg.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: keyBytes(key) });
  const json = sub.toJSON() as { endpoint: string; keys: { p256dh: string; auth: string } };
  try {
    await accountRequest('POST', '/api/push/subscriptions', answers.pushSubscribed, {
      endpoint: json.endpoint,
      keys: json.keys,
      lang,
    });
  } catch (error) {
    // A subscription the server refused is of no use: the browser forgets it too.
    await sub.unsubscribe().catch(() => false);
    throw error;
  }
}

/** Stops notifications on this device: the server forgets it, and the browser's subscription ends. */
export async function stopOnThisDevice(): Promise<void> {
  const sub = await deviceSubscription();
  if (!sub) return;
  await accountRequest('DELETE', '/api/push/subscriptions', answers.pushRemoved, { endpoint: sub.endpoint });
  await sub.unsubscribe().catch(() => false);
}

export const pushSettings = (): Promise<PushSettingsReply> =>
  accountRequest('GET', '/api/push/settings', answers.pushSettings);

export const changePushSettings = (changes: Partial<Record<PushKind, boolean>>): Promise<PushSettingsReply> =>
  accountRequest('PUT', '/api/push/settings', answers.pushSettings, changes);
