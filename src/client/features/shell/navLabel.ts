import type { I18n } from '@lingui/core';
import { RESOURCE_TYPE, type NavEntry } from '../../../shared/session';
import { findRoute } from '../../../shared/routes';
import { routeLabel, scenarioLabel } from '../../i18n/routeLabels';
import { currentLang } from '../../i18n/i18n';

/**
 * Label of a menu entry in the active language: a directory's scenario label or a menu's route
 * label (some names are both, e.g. 'attendance'), then the English name outside Chinese, then the name.
 */
export function navLabel(i18n: I18n, entry: Pick<NavEntry, 'value' | 'name' | 'enName' | 'type'>): string {
  const value = entry.value;
  const descriptor = !value
    ? undefined
    : entry.type === RESOURCE_TYPE.directory
      ? (scenarioLabel(value) ?? routeLabel(value))
      : (routeLabel(value) ?? scenarioLabel(value));
  if (descriptor) return i18n._(descriptor);
  if (currentLang() !== 'cn' && entry.enName) return entry.enName;
  return entry.name || entry.value;
}

/** Title of a screen by route name, or undefined for a name outside the registry. */
export function routeTitle(i18n: I18n, name: string | undefined): string | undefined {
  if (!name) return undefined;
  const descriptor = routeLabel(name);
  if (descriptor) return i18n._(descriptor);
  return findRoute(name)?.cn;
}
