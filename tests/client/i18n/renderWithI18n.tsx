import type { ReactNode } from 'react';
import { cleanup, render } from '@testing-library/react';
import { afterEach } from 'vitest';
import { DirectionProvider, MantineProvider } from '@mantine/core';
import { Notifications } from '@mantine/notifications';
import { I18nProvider } from '@lingui/react';
import { i18n } from '../../../src/client/i18n/i18n';

// jsdom lacks these; Mantine reads them on mount. Kept local so these tests do not depend on
// the shared setup's contents.
if (!window.matchMedia) {
  window.matchMedia = (query: string) =>
    ({
      matches: false,
      media: query,
      onchange: null,
      addEventListener: () => undefined,
      removeEventListener: () => undefined,
      addListener: () => undefined,
      removeListener: () => undefined,
      dispatchEvent: () => false,
    }) as MediaQueryList;
}
if (!('ResizeObserver' in window)) {
  (window as unknown as { ResizeObserver: unknown }).ResizeObserver = class {
    observe() {}
    unobserve() {}
    disconnect() {}
  };
}

// Unmount between tests whatever the shared setup does (RTL auto-cleanup needs vitest globals).
afterEach(() => cleanup());

/** Renders under the providers the shell mounts: Mantine (with direction), notifications, Lingui. */
export function renderWithI18n(ui: ReactNode) {
  return render(
    <DirectionProvider>
      <MantineProvider>
        <Notifications />
        <I18nProvider i18n={i18n}>{ui}</I18nProvider>
      </MantineProvider>
    </DirectionProvider>,
  );
}
