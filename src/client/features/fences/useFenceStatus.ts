import { useMutation, useQueryClient } from '@tanstack/react-query';
import { FENCE_STATUS } from '../../../shared/geo/fence';
import { request } from '../../lib/request';
import { invalidateResource } from '../resources/resources.queries';
import { bodyOf } from './fenceForm';
import { fenceEditorQuery } from './fences.queries';

/**
 * The list's enable/disable switch. `fence/update` takes the whole fence (geometry included),
 * so the current one is read first; leaving out imeis/groupIds keeps its assignments.
 */
export function useFenceStatus() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ id, enabled }: { id: number; enabled: boolean }) => {
      const values = await queryClient.fetchQuery(fenceEditorQuery(id));
      const {
        imeis: _imeis,
        groupIds: _groups,
        ...body
      } = bodyOf({ ...values, status: enabled ? FENCE_STATUS.enabled : FENCE_STATUS.disabled }, id);
      return request('device', 'fence/update', body, { showMessage: true });
    },
    onSettled: () => invalidateResource(queryClient, 'fence'),
  });
}
