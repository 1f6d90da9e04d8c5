/**
 * Device list presets: columns and starting filters of each device screen. Kept apart from the
 * table component so route loaders can use them without pulling the screen into the first load.
 */
import { DEVICE_STATE, STOCK_STATE } from '../../../shared/codes';
import type { FieldDef, ResourceDef } from '../../../shared/resources';
import deviceResource from '../../../entities/device/resource';
import { BREAKER_FIELDS } from '../../../shared/resources/device-fields';
import type { ResourceSearch } from '../resources/search';

export interface DevicePreset {
  /** Listed columns in order, all shown; absent = every listed field of the registry, those it hides by default hidden. */
  columns?: readonly string[];
  /** Filters applied while the search carries none (reset comes back to them). */
  filters?: Record<string, unknown>;
  /** Map-layout lists are views; the admin list keeps the engine's change buttons. */
  canChange?: boolean;
  /** Filters always applied, whatever the search says (their own filter inputs are hidden). */
  fixed?: Record<string, unknown>;
}

const COMPACT = ['imei', 'name', 'kind', 'state', 'battery', 'signal', 'lastCommunicationAt', 'personName'] as const;

export const DEVICE_PRESETS = {
  admin: { canChange: true },
  compact: { columns: COMPACT },
  online: { columns: ['imei', 'name', 'kind', 'state', 'battery', 'lastCommunicationAt', 'departmentId'] },
  signal: {
    columns: ['imei', 'name', 'kind', 'signal', 'state', 'netType', 'operator', 'iccid', 'lastCommunicationAt'],
  },
  activation: {
    columns: ['imei', 'name', 'kind', 'state', 'stockState', 'activatedAt', 'createdAt'],
    filters: { state: DEVICE_STATE.inactive },
  },
  allocate: {
    columns: ['imei', 'name', 'kind', 'stockState', 'productId', 'tenantId', 'stockInAt'],
    filters: { stockState: STOCK_STATE.inStock },
  },
  restart: {
    columns: ['imei', 'name', 'kind', 'state', 'lastCommunicationAt'],
    filters: { state: DEVICE_STATE.online },
  },
  breaker: {
    columns: [
      'imei',
      'name',
      'state',
      'closed',
      'locked',
      'voltage',
      'current',
      'power',
      'gatewayId',
      'gatewayState',
      'lastCommunicationAt',
      'installLocation',
    ],
    fixed: { kind: 'breaker' },
  },
  gateway: {
    columns: [
      'imei',
      'name',
      'state',
      'signal',
      'traffic',
      'subDevices',
      'netType',
      'iccid',
      'lastCommunicationAt',
      'installLocation',
    ],
    fixed: { kind: 'gateway4g' },
  },
} satisfies Record<string, DevicePreset>;
export type DevicePresetName = keyof typeof DEVICE_PRESETS;

const breakerOnly = new Set<string>(BREAKER_FIELDS);

/**
 * The registry entry narrowed to a preset's columns (the list query stays the device list). The
 * breaker and gateway fields show only where a preset names them; fixed filters have no input.
 */
export function presetDef(preset: DevicePreset): ResourceDef {
  const fixed = (name: string) => preset.fixed !== undefined && name in preset.fixed;
  const named = (name: string) => preset.columns?.includes(name) ?? false;
  const base = deviceResource.fields.map((f) =>
    fixed(f.name) || (breakerOnly.has(f.name) && !named(f.name))
      ? { ...f, filter: undefined, list: named(f.name) ? f.list : (false as const) }
      : f,
  );
  if (!preset.columns) return { ...deviceResource, fields: base };
  const order = preset.columns;
  // A preset that names its columns shows them all: the registry's hidden-by-default flags are the admin list's.
  const shown = (list: FieldDef['list']) => {
    const { hidden: _hidden, ...rest }: Exclude<FieldDef['list'], false | undefined> = list || {};
    return rest;
  };
  const fields = base.map((f) =>
    order.includes(f.name) ? { ...f, list: shown(f.list) } : { ...f, list: false as const },
  );
  const listed = fields.filter((f) => f.list !== false).sort((a, b) => order.indexOf(a.name) - order.indexOf(b.name));
  return { ...deviceResource, fields: [...listed, ...fields.filter((f) => f.list === false)] };
}

/** The search a preset list starts from. */
export function presetSearch(preset: DevicePreset, search: ResourceSearch): ResourceSearch {
  const start = search.filters || !preset.filters ? search : { ...search, filters: preset.filters };
  return preset.fixed ? { ...start, filters: { ...start.filters, ...preset.fixed } } : start;
}
