import { i18n, type Messages } from '@lingui/core';
import { LANG_TAGS, SOURCE_LANG, isLang, isRtl, type Lang } from '../../shared/i18n';
import { messages as sourceMessages } from '../../../locales/cn/messages.po';

export { i18n };

/** Local storage key of the interface language (spec core 9). */
export const LANG_KEY = 'lang';

// The source catalog is bundled; the other six are separate chunks fetched on first use.
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

export function storedLang(): Lang {
  const value = typeof localStorage === 'undefined' ? null : localStorage.getItem(LANG_KEY);
  return isLang(value) ? value : SOURCE_LANG;
}

function applyDocument(lang: Lang): void {
  if (typeof document === 'undefined') return;
  document.documentElement.lang = LANG_TAGS[lang];
  document.documentElement.dir = isRtl(lang) ? 'rtl' : 'ltr';
}

/** Loads (once) and activates a language, keeps it under `lang` and sets the document direction. */
export async function activateLang(lang: Lang): Promise<void> {
  if (lang !== SOURCE_LANG && !loaded.has(lang)) {
    const { messages } = await loaders[lang]();
    i18n.load(lang, messages);
    loaded.add(lang);
  }
  i18n.activate(lang, [LANG_TAGS[lang], LANG_TAGS[SOURCE_LANG]]);
  localStorage.setItem(LANG_KEY, lang);
  applyDocument(lang);
}

export function currentLang(): Lang {
  return isLang(i18n.locale) ? i18n.locale : SOURCE_LANG;
}
