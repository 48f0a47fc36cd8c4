import { nameProblem, normaliseName } from '@matchbox/client/names';
import type { AvatarId } from '@matchbox/client/faces';
import { isAvatar } from '@matchbox/client/faces';
import { BROWSER_ID_PATTERN } from '@matchbox/client/vocabulary';

/** The person's display name, kept in localStorage for the next table. */
const NAME_KEY = 'matchbox.name';

export function storedName(): string {
  try {
    return localStorage.getItem(NAME_KEY) ?? '';
  } catch {
    return '';
  }
}

export function storeName(name: string): void {
  try {
    localStorage.setItem(NAME_KEY, name.trim());
  } catch {
    // the name lasts for this page only
  }
}

const BROWSER_KEY = 'matchbox.browser';
let browserOnce: string | null = null;

/**
 * This browser's own random id, made once and kept in localStorage: sent with every request and
 * hello (`X-Matchbox-Browser`), so that two seats taken from one browser count as one person for
 * the ratings (docs/server.md, "Ratings"). It says nothing about the person.
 */
export function browserId(): string {
  if (browserOnce) return browserOnce;
  try {
    const kept = localStorage.getItem(BROWSER_KEY);
    if (kept && BROWSER_ID_PATTERN.test(kept)) return (browserOnce = kept);
  } catch {
    // no storage: an id for this page only
  }
  const bytes = crypto.getRandomValues(new Uint8Array(18));
  const made = btoa(String.fromCharCode(...bytes))
    .replace(/\+/g, '-')
    .replace(/\//g, '_');
  try {
    localStorage.setItem(BROWSER_KEY, made);
  } catch {
    // kept for this page only
  }
  return (browserOnce = made);
}

const AVATAR_KEY = 'matchbox.avatar';

/** The face this browser's person picked, or null (the server then gives a free one). */
export function storedAvatar(): AvatarId | null {
  try {
    const a = localStorage.getItem(AVATAR_KEY);
    return isAvatar(a) ? a : null;
  } catch {
    return null;
  }
}

export function storeAvatar(avatar: AvatarId): void {
  try {
    localStorage.setItem(AVATAR_KEY, avatar);
  } catch {
    // the face lasts for this page only
  }
}

/** `{ avatar }` for a create or join body when a face was picked, else nothing. */
export const avatarField = (): { avatar?: AvatarId } => {
  const avatar = storedAvatar();
  return avatar ? { avatar } : {};
};

/**
 * A display name the server accepts: 1-32 characters once normalised (invisible ones removed) with
 * a visible one, without markup, control characters or text-direction marks (the server's own
 * check; whether it looks like another name at the table only the server knows).
 */
export function validName(name: string): boolean {
  const n = normaliseName(name);
  return n.length >= 1 && n.length <= 32 && name.length <= 128 && nameProblem(name) === null;
}
