import { useEffect, useState, type ReactNode } from 'react';
import { DatesProvider } from '@mantine/dates';
import { useLingui } from '@lingui/react';
import 'dayjs/locale/zh-cn';
import { isLang, SOURCE_LANG, type Lang } from '../../shared/i18n';

/** Day.js locale of each console language (English is built in; Chinese, the source, is bundled). */
const DAYJS: Record<Lang, string> = { cn: 'zh-cn', en: 'en', es: 'es', fr: 'fr', de: 'de', ru: 'ru', ar: 'ar' };
const loaders: Partial<Record<Lang, () => Promise<unknown>>> = {
  es: () => import('dayjs/locale/es'),
  fr: () => import('dayjs/locale/fr'),
  de: () => import('dayjs/locale/de'),
  ru: () => import('dayjs/locale/ru'),
  ar: () => import('dayjs/locale/ar'),
};

/**
 * Date pickers speak the console's language (month names, weekday initials), weeks start on
 * Monday: Mantine's pickers default to English otherwise, even in the Chinese console.
 */
export function DatesLocale({ children }: { children: ReactNode }) {
  const { i18n } = useLingui();
  const lang: Lang = isLang(i18n.locale) ? i18n.locale : SOURCE_LANG;
  const [locale, setLocale] = useState(DAYJS[SOURCE_LANG]);
  useEffect(() => {
    let live = true;
    void (loaders[lang]?.() ?? Promise.resolve()).then(() => live && setLocale(DAYJS[lang]));
    return () => {
      live = false;
    };
  }, [lang]);
  return <DatesProvider settings={{ locale, firstDayOfWeek: 1 }}>{children}</DatesProvider>;
}
