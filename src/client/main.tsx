import '@mantine/core/styles.css';
import '@mantine/notifications/styles.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './App';
import { initLang } from './i18n/i18n';
import { createQueryClient } from './lib/queryClient';
import { configureRequest } from './lib/request';
import { getToken, subscribe } from './lib/session';
import { createAppRouter, preloadOpenScreen } from './router';

const queryClient = createQueryClient();
const router = createAppRouter(queryClient);

// Code 208 anywhere lands on /login through the router, not a page reload.
configureRequest({ navigate: (path) => void router.navigate({ href: path, replace: true }) });

// Logout, expiry or a logout in another tab: drop the previous tenant's cached data and re-run
// the guards of the open screen, which sends a console page to /login.
subscribe(() => {
  if (getToken()) return;
  queryClient.clear();
  void router.invalidate();
});

function mount(): void {
  const root = document.getElementById('root');
  if (!root) throw new Error('#root missing from index.html');
  createRoot(root).render(
    <StrictMode>
      <App queryClient={queryClient} router={router} />
    </StrictMode>,
  );
}

// Load the stored language first so the console never flashes in the wrong language or direction;
// meanwhile the open screen's scripts load.
preloadOpenScreen(router);
void initLang().finally(mount);
