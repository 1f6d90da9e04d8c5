import { useSyncExternalStore } from 'react';
import { isRtl, type Lang } from '../../shared/i18n';
import { currentLang, i18n } from './i18n';

function subscribe(onChange: () => void): () => void {
  return i18n.on('change', onChange);
}

/** The active interface language; re-renders the caller when another language is activated. */
export function useLang(): Lang {
  return useSyncExternalStore(subscribe, currentLang, currentLang);
}

/** Text direction of the active language, for layouts that place things by side. */
export function useLangDirection(): 'ltr' | 'rtl' {
  return isRtl(useLang()) ? 'rtl' : 'ltr';
}
