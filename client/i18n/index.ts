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

type Tree = Record<string, unknown>;

/**
 * Namespaces every screen needs are bundled with the first load; a game's own texts (its engine
 * messages `<game>`, table labels `table_<game>`, rules `rules_<game>`) come with its table.
 */
const firstLoad = import.meta.glob<{ default: Tree }>('./locales/*/{common,lobby,server,tournament,players,howto}.json', { eager: true });
const onDemand = import.meta.glob<{ default: Tree }>('./locales/*/*.json');

function parsePath(path: string): { lng: string; ns: string } | null {
  const m = /\.\/locales\/([a-z]+)\/([A-Za-z0-9_-]+)\.json$/.exec(path);
  return m ? { lng: m[1], ns: m[2] } : null;
}

/** French (and i18next's Intl rules) have a `many` plural form for millions: it reads like `other`. */
export function withManyForms(tree: Tree): Tree {
  const out: Tree = {};
  for (const [key, value] of Object.entries(tree)) {
    out[key] = value && typeof value === 'object' && !Array.isArray(value) ? withManyForms(value as Tree) : value;
    if (key.endsWith('_other') && !(`${key.slice(0, -6)}_many` in tree)) out[`${key.slice(0, -6)}_many`] = value;
  }
  return out;
}

function firstLoadResources(): Record<string, Record<string, Tree>> {
  const resources: Record<string, Record<string, Tree>> = {};
  for (const [path, mod] of Object.entries(firstLoad)) {
    const at = parsePath(path);
    if (at) (resources[at.lng] ??= {})[at.ns] = withManyForms(mod.default);
  }
  return resources;
}

/** Adds a game's namespaces (both languages) before its table or rules show. */
export async function loadGameLocales(game: string, lng: string = language()): Promise<void> {
  await loadNamespaces([game, `table_${game}`, `rules_${game}`], lng);
}

/** Adds only a game's table labels (its pieces' printed words): what the lobby's pictures of it need. */
export async function loadTableLocales(game: string, lng: string = language()): Promise<void> {
  await loadNamespaces([`table_${game}`], lng);
}

/** Adds these on-demand namespaces in `lng` and in English (the fallback); ones without a file are skipped. */
async function loadNamespaces(names: string[], lng: string): Promise<void> {
  const wanted = new Set(names);
  const languages = new Set([lng, 'en']);
  await Promise.all(Object.entries(onDemand).map(async ([path, load]) => {
    const at = parsePath(path);
    if (!at || !wanted.has(at.ns) || !languages.has(at.lng) || i18n.hasResourceBundle(at.lng, at.ns)) return;
    i18n.addResourceBundle(at.lng, at.ns, withManyForms((await load()).default), true, true);
  }));
}

export const i18n = i18next.createInstance();

/** Call once before the first scene draws. */
export async function initI18n(lng?: Language): Promise<void> {
  const resources = firstLoadResources();
  if (lng === undefined) i18n.use(LanguageDetector);
  await i18n.init({
    resources,
    lng,
    ns: Object.keys(resources.en ?? {}),
    partialBundledLanguages: true,
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
  return String(i18n.t(key as never, (options ? spoken(options) : options) as never));
}

/**
 * Params that name the subject of a sentence: when one of them is the reader ("you"), the key's
 * `_you` form is asked for (i18next context; the plain key when there is none), so French reads
 * "Vous devez poser", never "Vous doit poser".
 */
const SUBJECTS = ['seat', 'name', 'who', 'player', 'first', 'leader'] as const;
/** A decimal written by a renderer (`toFixed`): shown with the reader's decimal separator. */
const DECIMAL = /^-?\d+\.\d+$/;

/** The reader's numbers (8,4 in French) and, when the subject is the reader, the `_you` form. */
function spoken(options: TOptions): TOptions {
  const lng = language();
  const out: Record<string, unknown> = { ...options };
  for (const [name, value] of Object.entries(options)) {
    if (name === 'count' || name === 'ordinal') continue;
    if (typeof value === 'number' && !Number.isInteger(value)) out[name] = new Intl.NumberFormat(lng).format(value);
    else if (typeof value === 'string' && DECIMAL.test(value)) out[name] = new Intl.NumberFormat(lng, { minimumFractionDigits: value.split('.')[1].length }).format(Number(value));
  }
  if (out.context === undefined) {
    const you = String(i18n.t('common:you' as never)).toLowerCase();
    if (SUBJECTS.some((p) => typeof options[p] === 'string' && (options[p] as string).toLowerCase() === you)) out.context = 'you';
  }
  return out as TOptions;
}

export function language(): Language {
  const lng = (i18n.resolvedLanguage ?? i18n.language ?? 'en').slice(0, 2);
  return (LANGUAGES as readonly string[]).includes(lng) ? (lng as Language) : 'en';
}

/** Switch and remember; listeners (scenes) redraw on 'languageChanged'. */
export async function setLanguage(lng: Language): Promise<void> {
  // Texts already fetched (games opened, the lobby's pictures) are needed in the new language before anything redraws.
  await loadNamespaces(Object.keys(i18n.store.data.en ?? {}), lng);
  await i18n.changeLanguage(lng);
  localStorage.setItem(STORAGE_KEY, lng);
  if (typeof document !== 'undefined') document.documentElement.lang = lng;
}

export function onLanguageChanged(listener: () => void): () => void {
  i18n.on('languageChanged', listener);
  return () => i18n.off('languageChanged', listener);
}
