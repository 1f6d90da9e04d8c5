/** Interface languages of docs/requirements/README.md#languages: cn is the source and the fallback. */
export const LANGS = ['cn', 'en', 'es', 'fr', 'de', 'ru', 'ar'] as const;
export type Lang = (typeof LANGS)[number];
export const SOURCE_LANG: Lang = 'cn';
const RTL_LANGS: readonly Lang[] = ['ar'];

/** BCP 47 tags for Intl formatting; 'cn' is the product's own code, not a locale. */
export const LANG_TAGS: Record<Lang, string> = {
  cn: 'zh-CN',
  en: 'en',
  es: 'es',
  fr: 'fr',
  de: 'de',
  ru: 'ru',
  ar: 'ar',
};

/** Each language named in itself, for the language pickers. */
export const LANG_NATIVE_NAMES: Record<Lang, string> = {
  cn: '简体中文',
  en: 'English',
  es: 'Español',
  fr: 'Français',
  de: 'Deutsch',
  ru: 'Русский',
  ar: 'العربية',
};

export function isLang(value: unknown): value is Lang {
  return typeof value === 'string' && (LANGS as readonly string[]).includes(value);
}

export function isRtl(lang: Lang): boolean {
  return RTL_LANGS.includes(lang);
}
