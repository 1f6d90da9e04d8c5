import { queryOptions, type QueryClient } from '@tanstack/react-query';
import type { Delivery } from '../../../entities/access-right/resource';
import { request } from '../../lib/request';
import { invalidateResource } from '../resources/resources.queries';

interface ArmStatus {
  state: 'waiting' | 'issued' | 'expired';
  cardId: number | null;
  cardNo: string | null;
  expiresAt: string;
  delivery: number | null;
  ackOk: boolean | null;
  ackMsg: string | null;
}

export const deliveriesQuery = () =>
  queryOptions({
    queryKey: ['accessRight', 'deliveries'] as const,
    queryFn: () => request<{ rows: Delivery[] }>('user', 'accessRight/deliveries', {}),
    refetchInterval: 3000,
  });

export const armStatusQuery = (armId: number | null) =>
  queryOptions({
    queryKey: ['accessCard', 'arm', armId] as const,
    queryFn: () => request<ArmStatus>('user', 'accessCard/armStatus', { armId }),
    enabled: armId !== null,
    refetchInterval: (q) => (q.state.data && q.state.data.state !== 'waiting' ? false : 1000),
  });

export const qrQuery = (id: number) =>
  queryOptions({
    queryKey: ['accessRight', 'qr', id] as const,
    queryFn: () =>
      request<{ token: string; name: string; validUntil: string | null; revoked: boolean }>('user', 'accessRight/qr', {
        id,
      }),
  });

/** After a change that moves rights, cards or lists: every list of the feature refetches. */
export async function refreshAccess(queryClient: QueryClient): Promise<void> {
  await Promise.all([
    invalidateResource(queryClient, 'resident'),
    invalidateResource(queryClient, 'accessRight'),
    invalidateResource(queryClient, 'accessCard'),
    invalidateResource(queryClient, 'accessEvent'),
    queryClient.invalidateQueries({ queryKey: ['accessRight', 'deliveries'] }),
  ]);
}
