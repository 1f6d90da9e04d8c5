import { useCallback } from 'react';
import { useNavigate } from '@tanstack/react-router';
import { logout } from '../auth/auth.api';
import { endShift } from '../patrol/sharing';

/**
 * Logs out on the service and locally, then opens /login (docs/requirements/screens-and-routes.md#access-gating).
 * Location sharing ends first, while the session can still send what the phone queued.
 */
export function useLogout(): () => Promise<void> {
  const navigate = useNavigate();
  return useCallback(async () => {
    await endShift();
    await logout();
    await navigate({ to: '/login', replace: true });
  }, [navigate]);
}
