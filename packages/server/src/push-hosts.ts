/**
 * The push services notifications may go to (push.ts; docs/server.md, "Notifications"): the
 * server sends only to https endpoints whose host is in this list, never to an address a client
 * names. Apart from push.ts so that the settings read it without loading the sending library.
 */

/**
 * The push services' hosts the server sends to by default: Google's FCM (Chrome, Edge on Android,
 * Opera...), Mozilla's autopush (Firefox), Apple's (Safari) and Microsoft's WNS (Edge on Windows,
 * `<region>.notify.windows.com`). `*.` matches any subdomain on the standard port.
 */
export const DEFAULT_PUSH_HOSTS: readonly string[] = [
  'fcm.googleapis.com',
  'updates.push.services.mozilla.com',
  'web.push.apple.com',
  '*.notify.windows.com',
];

/** Whether `endpoint` is an https URL whose host is one of `hosts` (see `DEFAULT_PUSH_HOSTS`). */
export function pushHostAllowed(endpoint: string, hosts: readonly string[]): boolean {
  let url: URL;
  try {
    url = new URL(endpoint);
  } catch {
    return false;
  }
  if (url.protocol !== 'https:' || url.username !== '' || url.password !== '') return false;
  const host = url.host.toLowerCase();
  return hosts.some((entry) => {
    const e = entry.trim().toLowerCase();
    if (e.startsWith('*.')) return url.port === '' && url.hostname.toLowerCase().endsWith(e.slice(1));
    return e !== '' && host === e;
  });
}
