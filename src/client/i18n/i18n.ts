import { i18n, type Messages } from '@lingui/core';
import { LANG_TAGS, SOURCE_LANG, isLang, isRtl, type Lang } from '../../shared/i18n';
import { messages as sourceMessages } from '../../../locales/cn/messages.po';

export { i18n };

/** Local storage key of the interface language (docs/requirements/README.md#languages). */
export const LANG_KEY = 'lang';

// The source catalog is bundled; the other six are separate chunks fetched on first use
// (and precached by the service worker, so they also load offline).
const loaders: Record<Exclude<Lang, 'cn'>, () => Promise<{ messages: Messages }>> = {
  en: () => import('../../../locales/en/messages.po'),
  es: () => import('../../../locales/es/messages.po'),
  fr: () => import('../../../locales/fr/messages.po'),
  de: () => import('../../../locales/de/messages.po'),
  ru: () => import('../../../locales/ru/messages.po'),
  ar: () => import('../../../locales/ar/messages.po'),
};

const loaded = new Set<Lang>([SOURCE_LANG]);
i18n.load(SOURCE_LANG, sourceMessages);
i18n.activate(SOURCE_LANG, [LANG_TAGS[SOURCE_LANG]]);

function storage(): Storage | null {
  try {
    return typeof localStorage === 'undefined' ? null : localStorage;
  } catch {
    return null; // private mode or a sandboxed frame
  }
}

export function storedLang(): Lang {
  const value = storage()?.getItem(LANG_KEY);
  return isLang(value) ? value : SOURCE_LANG;
}

function applyDocument(lang: Lang): void {
  if (typeof document === 'undefined') return;
  document.documentElement.lang = LANG_TAGS[lang];
  document.documentElement.dir = isRtl(lang) ? 'rtl' : 'ltr';
}

/** Loads a catalog without activating it (e.g. to warm the cache). */
async function loadLang(lang: Lang): Promise<void> {
  if (lang === 'cn' || loaded.has(lang)) return;
  const { messages } = await loaders[lang]();
  i18n.load(lang, messages);
  loaded.add(lang);
}

// A later pick wins even if an earlier, slower catalog arrives after it.
let latestRequest = 0;

/** Loads (once) and activates a language, keeps it under `lang` and sets the document direction. */
export async function activateLang(lang: Lang): Promise<void> {
  const request = ++latestRequest;
  await loadLang(lang);
  if (request !== latestRequest) return;
  i18n.activate(lang, [LANG_TAGS[lang], LANG_TAGS[SOURCE_LANG]]);
  storage()?.setItem(LANG_KEY, lang);
  applyDocument(lang);
}

/** Activates the stored language at start-up; a catalog that fails to load leaves Chinese on. */
export async function initLang(): Promise<Lang> {
  const lang = storedLang();
  try {
    await activateLang(lang);
  } catch (error) {
    // Keep the stored choice: the catalog may load next time (e.g. once back online).
    console.warn(`i18n: could not load "${lang}"`, error);
    i18n.activate(SOURCE_LANG, [LANG_TAGS[SOURCE_LANG]]);
    applyDocument(SOURCE_LANG);
  }
  return currentLang();
}

export function currentLang(): Lang {
  return isLang(i18n.locale) ? i18n.locale : SOURCE_LANG;
}
