import { useMutation, useQueryClient } from '@tanstack/react-query';
import { request } from '../../lib/request';
import { getUser } from '../../lib/session';
import { invalidateResource } from '../resources/resources.queries';

/**
 * Super administrators (docs/requirements/roles-and-permissions.md#administration) see the catalogue and
 * highest-authorisation buttons.
 */
export const isSuperAdmin = (): boolean => getUser()?.kind === 'super';

/** An extra org action under kind `user`; on success every resource named in `invalidates` refetches. */
export function useOrgAction<B>(path: string, invalidates: string[], onDone?: () => void) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: B) => request<unknown>('user', path, body, { showMessage: true }),
    onSuccess: async () => {
      await Promise.all(invalidates.map((name) => invalidateResource(queryClient, name)));
      onDone?.();
    },
  });
}
