import type { ReactElement, ReactNode } from 'react';
import { render } from '@testing-library/react';
import { DirectionProvider, MantineProvider } from '@mantine/core';
import { Notifications } from '@mantine/notifications';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { I18nProvider } from '@lingui/react';
import { i18n } from '../../src/client/i18n/i18n';
import { THEMES } from '../../src/client/theme';

export function testQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: { queries: { retry: false, gcTime: Infinity }, mutations: { retry: false } },
  });
}

/** `toasts` replaces the plain <Notifications /> (the app's container with its limit, for instance). */
export function Providers({
  children,
  queryClient,
  toasts = <Notifications />,
}: {
  children: ReactNode;
  queryClient: QueryClient;
  toasts?: ReactNode;
}) {
  return (
    <I18nProvider i18n={i18n}>
      <DirectionProvider>
        <MantineProvider theme={THEMES.white.theme} forceColorScheme="light" env="test">
          {toasts}
          <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
        </MantineProvider>
      </DirectionProvider>
    </I18nProvider>
  );
}

/** The themed test renderer (style guide 9): Mantine, Lingui and TanStack Query around `ui`. */
export function renderWithProviders(
  ui: ReactElement,
  { queryClient = testQueryClient(), toasts }: { queryClient?: QueryClient; toasts?: ReactNode } = {},
) {
  return {
    queryClient,
    ...render(ui, {
      wrapper: ({ children }) => (
        <Providers queryClient={queryClient} toasts={toasts}>
          {children}
        </Providers>
      ),
    }),
  };
}
