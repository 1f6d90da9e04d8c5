// @isolated: a catalog's first use is tested, so the i18n module must be fresh (vitest.config.ts).
import { afterEach, describe, expect, it, vi } from 'vitest';
import { activateLang, currentLang, i18n, initLang, LANG_KEY, storedLang } from '../../../src/client/i18n/i18n';
import { routeLabel } from '../../../src/client/i18n/routeLabels';

afterEach(async () => {
  await activateLang('cn');
  localStorage.removeItem(LANG_KEY);
});

describe('activateLang', () => {
  it('switches the document to right-to-left for Arabic and back for Chinese', async () => {
    await activateLang('ar');
    expect(document.documentElement.dir).toBe('rtl');
    expect(document.documentElement.lang).toBe('ar');
    expect(currentLang()).toBe('ar');
    expect(localStorage.getItem(LANG_KEY)).toBe('ar');

    await activateLang('cn');
    expect(document.documentElement.dir).toBe('ltr');
    expect(document.documentElement.lang).toBe('zh-CN');
  });

  it('loads a non-source catalog on first use, once, and translates with it', async () => {
    const label = routeLabel('DeviceList')!;
    const load = vi.spyOn(i18n, 'load');
    await activateLang('de');
    expect(load).toHaveBeenCalledTimes(1);
    expect(load).toHaveBeenCalledWith('de', expect.objectContaining({ 'route.DeviceList': expect.anything() }));
    expect(i18n._(label)).toBe('Geräteliste');

    await activateLang('cn');
    await activateLang('de');
    expect(load).toHaveBeenCalledTimes(1);
    load.mockRestore();

    await activateLang('en');
    expect(i18n._(label)).toBe('Device list');
  });

  it('lets the last pick win when catalogs arrive out of order', async () => {
    const slow = activateLang('ru');
    const fast = activateLang('cn');
    await Promise.all([slow, fast]);
    expect(currentLang()).toBe('cn');
    expect(document.documentElement.dir).toBe('ltr');
  });

  it('starts in the stored language and ignores junk', async () => {
    localStorage.setItem(LANG_KEY, 'fr');
    expect(storedLang()).toBe('fr');
    expect(await initLang()).toBe('fr');
    localStorage.setItem(LANG_KEY, 'xx');
    expect(storedLang()).toBe('cn');
  });
});
