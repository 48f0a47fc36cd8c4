/**
 * i18next for the whole interface: the shell's `common` namespace is bundled (English and German),
 * each game's namespace is loaded with its screen. The chosen language is kept in localStorage.
 */
import i18next from 'i18next';
import type { BackendModule, ReadCallback } from 'i18next';
import { initReactI18next } from 'react-i18next';
import commonDe from './locales/de/common.json';
import commonEn from './locales/en/common.json';

export const LANGUAGES = ['en', 'de'] as const;
export type Language = (typeof LANGUAGES)[number];
export const NAMESPACES = [
  'common',
  'matchmaster',
  'match',
  'sweet16',
  'matchet',
  'account',
  'replay',
  'pad',
  'offline',
  'tutorial',
  'errors',
  'tools',
] as const;
const STORAGE_KEY = 'matchbox.language';

// Every namespace file except `common`, loaded on demand (one small chunk each).
const lazyFiles = import.meta.glob<{ default: Record<string, unknown> }>([
  './locales/*/*.json',
  '!./locales/*/common.json',
]);

const lazyBackend: BackendModule = {
  type: 'backend',
  init() {},
  read(language: string, namespace: string, callback: ReadCallback) {
    const load = lazyFiles[`./locales/${language}/${namespace}.json`];
    if (!load) {
      callback(null, {});
      return;
    }
    load().then(
      (m) => callback(null, m.default),
      (error: unknown) => callback(error instanceof Error ? error : new Error(String(error)), false),
    );
  },
};

export function storedLanguage(): Language {
  try {
    const stored = localStorage.getItem(STORAGE_KEY);
    if (stored === 'en' || stored === 'de') return stored;
  } catch {
    // no storage (private mode): fall through to the browser's language
  }
  const preferred = typeof navigator !== 'undefined' ? navigator.language : 'en';
  return preferred.toLowerCase().startsWith('de') ? 'de' : 'en';
}

export async function setLanguage(language: Language): Promise<void> {
  try {
    localStorage.setItem(STORAGE_KEY, language);
  } catch {
    // the choice then lasts for this page only
  }
  await i18next.changeLanguage(language);
}

function applyDocumentLanguage(language: string): void {
  if (typeof document !== 'undefined') document.documentElement.lang = language;
}

/** Starts i18next; `preload` names game namespaces to load before it resolves (tests). */
export async function initI18n(
  language: Language = storedLanguage(),
  preload: readonly string[] = [],
): Promise<typeof i18next> {
  i18next.on('languageChanged', applyDocumentLanguage);
  await i18next
    .use(lazyBackend)
    .use(initReactI18next)
    .init({
      lng: language,
      fallbackLng: 'en',
      supportedLngs: [...LANGUAGES],
      ns: ['common', ...preload],
      defaultNS: 'common',
      partialBundledLanguages: true,
      resources: { en: { common: commonEn }, de: { common: commonDe } },
      interpolation: { escapeValue: false },
      react: { useSuspense: true },
    });
  applyDocumentLanguage(language);
  return i18next;
}

export { i18next };
