import { nameProblem } from '@matchbox/client/names';

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

/**
 * A display name the server accepts: 1-32 characters with a visible one, without markup, control
 * characters or text-direction marks (the server's own check).
 */
export function validName(name: string): boolean {
  const n = name.trim();
  return n.length >= 1 && n.length <= 32 && nameProblem(n) === null;
}
