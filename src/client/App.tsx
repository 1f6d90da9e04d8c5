import { useIsRestoring, type QueryClient } from '@tanstack/react-query';
import { DirectionProvider, MantineProvider } from '@mantine/core';
import { PersistQueryClientProvider } from '@tanstack/react-query-persist-client';
import { RouterProvider } from '@tanstack/react-router';
import { I18nProvider } from '@lingui/react';
import { AppNotifications } from './components/AppNotifications';
import { DatesLocale } from './i18n/DatesLocale';
import { DirectionSync } from './i18n/DirectionSync';
import { i18n } from './i18n/i18n';
import { persistOptions, resumeAfterRestore } from './lib/queryClient';
import { useThemeName } from './lib/themeStore';
import { UpdatePrompt } from './pwa/UpdatePrompt';
import type { createAppRouter } from './router';
import { THEMES } from './theme';

const persist = persistOptions();

interface AppProps {
  queryClient: QueryClient;
  router: ReturnType<typeof createAppRouter>;
}

/**
 * The router starts loading when it mounts, and its guards and loaders read the query cache: it
 * mounts once the persisted cache is back from IndexedDB. Otherwise a console opened offline asks
 * the network for what the cache is about to hold, and that request waits for a network forever.
 */
function RestoredRouter({ router }: Pick<AppProps, 'router'>) {
  return useIsRestoring() ? null : <RouterProvider router={router} />;
}

/** Provider stack of the console: language, direction, theme, toasts, query cache, router. */
export function App({ queryClient, router }: AppProps) {
  const { theme, scheme } = THEMES[useThemeName()];
  return (
    <I18nProvider i18n={i18n}>
      <DirectionProvider>
        <MantineProvider theme={theme} forceColorScheme={scheme}>
          <DirectionSync />
          <AppNotifications />
          <PersistQueryClientProvider
            client={queryClient}
            persistOptions={persist}
            onSuccess={() => void resumeAfterRestore(queryClient)}
          >
            <DatesLocale>
              <RestoredRouter router={router} />
            </DatesLocale>
          </PersistQueryClientProvider>
          <UpdatePrompt />
        </MantineProvider>
      </DirectionProvider>
    </I18nProvider>
  );
}
