import { useCallback } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { landingPath, saveLogin } from '../../lib/session';
import { navKeys, navQuery } from '../../lib/nav.queries';
import type { LoginResult } from './auth.api';

/** After any login mode: keep the session, load the navigation bar, open the landing page. */
export function useCompleteLogin(): (result: LoginResult) => Promise<void> {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  return useCallback(
    async ({ token, user }: LoginResult) => {
      saveLogin(token, user);
      queryClient.removeQueries({ queryKey: navKeys.all });
      try {
        await queryClient.fetchQuery(navQuery(user.id));
      } catch {
        // Already toasted; the console layout retries the navigation bar on its way in.
      }
      await navigate({ href: landingPath(), replace: true });
    },
    [navigate, queryClient],
  );
}
