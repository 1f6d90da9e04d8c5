/**
 * Device list presets: columns and starting filters of each device screen. Kept apart from the
 * table component so route loaders can use them without pulling the screen into the first load.
 */
import { DEVICE_STATE, STOCK_STATE } from '../../../shared/codes';
import type { ResourceDef } from '../../../shared/resources';
import { deviceResource } from '../../../shared/resources/device';
import type { ResourceSearch } from '../resources/search';

export interface DevicePreset {
  /** Listed columns in order; absent = every listed field of the registry. */
  columns?: readonly string[];
  /** Filters applied while the search carries none (reset comes back to them). */
  filters?: Record<string, unknown>;
  /** Map-layout lists are views; the admin list keeps the engine's change buttons. */
  canChange?: boolean;
}

const COMPACT = ['imei', 'name', 'kind', 'state', 'battery', 'signal', 'lastCommunicationAt', 'personName'] as const;

export const DEVICE_PRESETS = {
  admin: { canChange: true },
  compact: { columns: COMPACT },
  online: { columns: ['imei', 'name', 'kind', 'state', 'battery', 'lastCommunicationAt', 'departmentId'] },
  signal: { columns: ['imei', 'name', 'kind', 'signal', 'state', 'netType', 'operator', 'iccid', 'lastCommunicationAt'] },
  activation: {
    columns: ['imei', 'name', 'kind', 'state', 'stockState', 'activatedAt', 'createdAt'],
    filters: { state: DEVICE_STATE.inactive },
  },
  allocate: {
    columns: ['imei', 'name', 'kind', 'stockState', 'productId', 'tenantId', 'stockInAt'],
    filters: { stockState: STOCK_STATE.inStock },
  },
  restart: { columns: ['imei', 'name', 'kind', 'state', 'lastCommunicationAt'], filters: { state: DEVICE_STATE.online } },
} satisfies Record<string, DevicePreset>;
export type DevicePresetName = keyof typeof DEVICE_PRESETS;

/** The registry entry narrowed to a preset's columns (the list query stays the device list). */
export function presetDef(preset: DevicePreset): ResourceDef {
  if (!preset.columns) return deviceResource;
  const order = preset.columns;
  const fields = deviceResource.fields.map((f) => (order.includes(f.name) ? { ...f, list: f.list || {} } : { ...f, list: false as const }));
  const listed = fields.filter((f) => f.list !== false).sort((a, b) => order.indexOf(a.name) - order.indexOf(b.name));
  return { ...deviceResource, fields: [...listed, ...fields.filter((f) => f.list === false)] };
}

/** The search a preset list starts from. */
export function presetSearch(preset: DevicePreset, search: ResourceSearch): ResourceSearch {
  return search.filters || !preset.filters ? search : { ...search, filters: preset.filters };
}
