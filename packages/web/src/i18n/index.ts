/**
 * i18next for the whole interface: the shell's `common` namespace is bundled (English and German),
 * each game's namespace is loaded with its screen. The chosen language is kept in localStorage.
 */
import i18next from 'i18next';
import type { BackendModule, ReadCallback } from 'i18next';
import { initReactI18next } from 'react-i18next';
import { WEB_GAMES } from '../games/index.ts';
import type { SharedWords } from '../games/plugin.ts';
import { GAME_IDS } from '../games/types.ts';
import commonDe from './locales/de/common.json';
import commonEn from './locales/en/common.json';

export const LANGUAGES = ['en', 'de'] as const;
export type Language = (typeof LANGUAGES)[number];
export const NAMESPACES = [
  'common',
  ...GAME_IDS,
  'account',
  'replay',
  'pad',
  'offline',
  'tutorial',
  'errors',
  'tools',
  'events',
] as const;
const STORAGE_KEY = 'matchbox.language';

// Every namespace file except `common`, loaded on demand (one small chunk each).
const lazyFiles = import.meta.glob<{ default: Record<string, unknown> }>([
  './locales/*/*.json',
  '!./locales/*/common.json',
]);

type Words = Readonly<Record<string, unknown>>;

/**
 * The words of each game's sentences (log, hints, replays), shared with the terminal (from its
 * plugin): merged into the game's namespace when it loads.
 */
const sharedWords: Readonly<Record<string, () => Promise<SharedWords>>> = Object.fromEntries(
  WEB_GAMES.map((g) => [g.id, g.words]),
);

function merge(a: Words, b: Words): Words {
  const out: Record<string, unknown> = { ...a };
  for (const [k, v] of Object.entries(b)) {
    const old = out[k];
    out[k] =
      typeof old === 'object' && old !== null && typeof v === 'object' && v !== null
        ? merge(old as Words, v as Words)
        : v;
  }
  return out;
}

async function loadNamespace(language: string, namespace: string): Promise<Words> {
  const load = lazyFiles[`./locales/${language}/${namespace}.json`];
  const words = sharedWords[namespace];
  const [own, shared] = await Promise.all([load ? load().then((m) => m.default) : {}, words?.()]);
  return shared ? merge(own, shared.MESSAGES[language] ?? {}) : own;
}

const lazyBackend: BackendModule = {
  type: 'backend',
  init() {},
  read(language: string, namespace: string, callback: ReadCallback) {
    loadNamespace(language, namespace).then(
      (m) => callback(null, m),
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
