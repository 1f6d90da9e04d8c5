import { useCallback } from 'react';
import { useNavigate } from '@tanstack/react-router';
import { logout } from '../auth/auth.api';

/** Logs out on the service and locally, then opens /login (docs/requirements/screens-and-routes.md#access-gating). */
export function useLogout(): () => Promise<void> {
  const navigate = useNavigate();
  return useCallback(async () => {
    await logout();
    await navigate({ to: '/login', replace: true });
  }, [navigate]);
}
