/**
 * Query-option factories of the fence screens, shared by route loaders and components. Keys
 * start with 'fence' so invalidateResource(queryClient, 'fence') after a save refreshes them all.
 */
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import type { LonLat } from '../../../shared/geo/fence';
import type { DeviceInfo } from '../../../shared/devices/api';
import type { ListResult } from '../../../shared/resources/list';
import { request } from '../../lib/request';
import type { Row } from '../resources/resources.queries';
import { valuesOf, type FenceFormValues } from './fenceValues';

const fenceKeys = {
  editor: (id: number) => ['fence', 'editor', id] as const,
  active: () => ['fence', 'active'] as const,
  states: (id: number) => ['fence', 'states', id] as const,
  devices: (keyword: string) => ['fence', 'deviceOptions', keyword] as const,
  position: (imei: string) => ['fence', 'position', imei] as const,
};

/** An enabled fence as `fence/active` answers (the map draws these). */
export interface ActiveFence {
  id: number;
  name: string;
  type: number;
  shape: number;
  status: number;
  radius: number | null;
  longitude: number;
  latitude: number;
  points: LonLat[] | null;
  description: string | null;
}

interface Assignments {
  imeis: string[];
  groupIds: number[];
  /** The polygon ring (null for circles). */
  points?: LonLat[] | null;
}

interface InsideDevice {
  imei: string;
  name: string | null;
  since: string | null;
}

/** The editor's values of one fence: its row, and what it watches with its ring (`fence/devices`). */
export function fenceEditorQuery(id: number) {
  return queryOptions({
    queryKey: fenceKeys.editor(id),
    queryFn: async (): Promise<FenceFormValues> => {
      const [row, assigned] = await Promise.all([
        request<Row>('device', 'fence/get', { id }),
        request<Assignments>('device', 'fence/devices', { id }, { background: true }),
      ]);
      return valuesOf({ ...row, points: row.points ?? assigned.points }, assigned);
    },
    staleTime: 0,
  });
}

export function activeFencesQuery() {
  return queryOptions({
    queryKey: fenceKeys.active(),
    queryFn: () => request<ActiveFence[]>('device', 'fence/active', {}, { background: true }),
  });
}

export function fenceStatesQuery(id: number) {
  return queryOptions({
    queryKey: fenceKeys.states(id),
    queryFn: () => request<InsideDevice[]>('device', 'fence/states', { id }, { background: true }),
    refetchInterval: 10_000,
  });
}

/** Devices matching the search box of the assignment picker (server-side: tenants may have thousands). */
export function deviceOptionsQuery(keyword: string) {
  return queryOptions({
    queryKey: fenceKeys.devices(keyword),
    queryFn: async () =>
      (
        await request<ListResult<Row>>(
          'device',
          'device/list',
          { page: 1, size: 50, sort: [{ field: 'id', order: 'asc' }], ...(keyword ? { keyword } : {}) },
          { background: true, quiet: true },
        )
      ).rows.map((r) => ({ imei: String(r.imei), name: typeof r.name === 'string' ? r.name : null })),
    staleTime: 60_000,
    // The options stay while the next search runs, so the list does not flash empty.
    placeholderData: keepPreviousData,
  });
}

/** Where a device is (the editor centres the map there when nothing is drawn yet). */
export function devicePositionQuery(imei: string) {
  return queryOptions({
    queryKey: fenceKeys.position(imei),
    queryFn: () =>
      request<DeviceInfo>('device', 'deviceinfo/getDeviceInfo', { imei }, { background: true, quiet: true }),
    staleTime: 30_000,
  });
}
