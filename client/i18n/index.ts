/**
 * The client's one i18n library: i18next, with every namespace's English and French resources
 * bundled (client/i18n/locales/<lang>/<namespace>.json). The language follows the browser, can
 * be switched in the lobby, and is remembered in localStorage ('junction.lang').
 */
import i18next, { type TOptions } from 'i18next';
import LanguageDetector from 'i18next-browser-languagedetector';

export const LANGUAGES = ['en', 'fr'] as const;
export type Language = (typeof LANGUAGES)[number];
const STORAGE_KEY = 'junction.lang';

type Resources = Record<string, Record<string, Record<string, unknown>>>;

/** Every locale file, keyed by language then namespace (file name without .json). */
export function bundledResources(): Resources {
  const files = import.meta.glob<{ default: Record<string, unknown> }>('./locales/*/*.json', { eager: true });
  const resources: Resources = {};
  for (const [path, mod] of Object.entries(files)) {
    const m = /\.\/locales\/([a-z]+)\/([A-Za-z0-9_-]+)\.json$/.exec(path);
    if (!m) continue;
    (resources[m[1]] ??= {})[m[2]] = withManyForms(mod.default);
  }
  return resources;
}

/** French (and i18next's Intl rules) have a `many` plural form for millions: it reads like `other`. */
function withManyForms(tree: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(tree)) {
    out[key] = value && typeof value === 'object' && !Array.isArray(value) ? withManyForms(value as Record<string, unknown>) : value;
    if (key.endsWith('_other') && !(`${key.slice(0, -6)}_many` in tree)) out[`${key.slice(0, -6)}_many`] = value;
  }
  return out;
}

export const i18n = i18next.createInstance();

/** Call once before the first scene draws. */
export async function initI18n(lng?: Language): Promise<void> {
  const resources = bundledResources();
  if (lng === undefined) i18n.use(LanguageDetector);
  await i18n.init({
    resources,
    lng,
    ns: Object.keys(resources.en ?? {}),
    defaultNS: 'common',
    fallbackLng: 'en',
    supportedLngs: [...LANGUAGES],
    nonExplicitSupportedLngs: true,
    interpolation: { escapeValue: false },
    returnNull: false,
    showSupportNotice: false,
    detection: { order: ['localStorage', 'navigator'], lookupLocalStorage: STORAGE_KEY, caches: ['localStorage'] },
  });
  if (typeof document !== 'undefined') document.documentElement.lang = language();
}

export function t(key: string, options?: TOptions): string {
  return String(i18n.t(key as never, options as never));
}

export function language(): Language {
  const lng = (i18n.resolvedLanguage ?? i18n.language ?? 'en').slice(0, 2);
  return (LANGUAGES as readonly string[]).includes(lng) ? (lng as Language) : 'en';
}

/** Switch and remember; listeners (scenes) redraw on 'languageChanged'. */
export async function setLanguage(lng: Language): Promise<void> {
  await i18n.changeLanguage(lng);
  localStorage.setItem(STORAGE_KEY, lng);
  if (typeof document !== 'undefined') document.documentElement.lang = lng;
}

export function onLanguageChanged(listener: () => void): () => void {
  i18n.on('languageChanged', listener);
  return () => i18n.off('languageChanged', listener);
}
