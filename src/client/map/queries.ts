import { queryOptions } from '@tanstack/react-query';
import type { DeviceInfo } from '../../shared/devices/api';
import type { DeviceKind } from '../../shared/devices/kinds';
import type { MapDevice } from '../../shared/geo/map-config';
import type { ListResult } from '../../shared/resources/list';
import { request } from '../lib/request';

const MAP = 'map';

/** Every located device of the caller's scope (markers); live positions update it in place. */
export const mapDevicesQuery = queryOptions({
  queryKey: ['map', 'devices'],
  queryFn: async () => (await request<MapDevice[] | null>(MAP, 'devices', {}, { background: true })) ?? [],
  staleTime: 60_000,
});

/** /locations_jf: the newest fix of every device of a kind, any source, with its accuracy. */
export function mapLocationsQuery(kind: DeviceKind) {
  return queryOptions({
    queryKey: ['map', 'locations', kind],
    queryFn: async () => (await request<MapDevice[] | null>(MAP, 'locations', { kind }, { background: true })) ?? [],
    staleTime: 60_000,
  });
}

/**
 * docs/requirements/realtime-map-and-tracks.md#device-info: `POST deviceinfo/getDeviceInfo` fills the marker popup.
 */
export function deviceInfoQuery(imei: string) {
  return queryOptions({
    queryKey: ['device', 'info', imei],
    queryFn: () => request<DeviceInfo>('device', 'deviceinfo/getDeviceInfo', { imei }, { background: true }),
  });
}

/** The device list searched by name or IMEI (place search without a commercial provider). */
export async function searchDevices(
  keyword: string,
  signal?: AbortSignal,
): Promise<{ imei: string; name: string | null }[]> {
  const answer = await request<ListResult<{ imei: string; name: string | null }>>(
    'device',
    'device/list',
    { page: 1, size: 8, keyword },
    { background: true, quiet: true, signal },
  );
  return answer.rows.map((r) => ({ imei: r.imei, name: r.name }));
}
