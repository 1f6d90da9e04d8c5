import {
  boolean,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  smallint,
  text,
} from 'drizzle-orm/pg-core';
import type { LonLat } from '../../shared/geo/fence';
import { trigramIndexes, ts, updatedAt } from '../../server/db/columns';
import { devices } from '../device/table';
import { deviceGroups } from '../device-group/table';
import { tenants } from '../tenant/table';

/**
 * Geofences (docs/requirements/entities.md#geofence; docs/fences.md). WGS-84 throughout. Circles keep their
 * centre in longitude/latitude; polygons keep their open ring in `points` and its centroid there.
 */
export const fences = pgTable(
  'fences',
  {
    id: serial('id').primaryKey(),
    tenantId: integer('tenant_id')
      .notNull()
      .references(() => tenants.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    /** FENCE_TYPE: 0 key fence (keep out), 1 electronic fence (keep in). */
    type: smallint('type').notNull(),
    /** FENCE_SHAPE: 0 circle, 1 polygon. */
    shape: smallint('shape').notNull(),
    /** FENCE_STATUS: 0 disabled, 1 enabled. */
    status: smallint('status').notNull().default(1),
    /** Metres (circles). */
    radius: doublePrecision('radius'),
    longitude: doublePrecision('longitude').notNull(),
    latitude: doublePrecision('latitude').notNull(),
    points: jsonb('points').$type<LonLat[]>(),
    description: text('description'),
    /** Seconds beyond the boundary before a crossing is raised; 0 at once; null: the service's FENCE_DWELL_S. */
    dwellS: integer('dwell_s'),
    createdAt: ts('created_at').notNull().defaultNow(),
    updatedAt: updatedAt(),
  },
  (t) => [
    ...trigramIndexes('fences', t.name, t.description),
    index('fences_tenant_id_idx').on(t.tenantId, t.id),
    index('fences_tenant_type_idx').on(t.tenantId, t.type, t.id),
  ],
);

/** Devices a fence watches directly. */
export const fenceDevices = pgTable(
  'fence_devices',
  {
    fenceId: integer('fence_id')
      .notNull()
      .references(() => fences.id, { onDelete: 'cascade' }),
    deviceId: integer('device_id')
      .notNull()
      .references(() => devices.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.fenceId, t.deviceId] }), index('fence_devices_device_idx').on(t.deviceId)],
);

/** Device groups a fence watches: the group's devices, now and later. */
export const fenceGroups = pgTable(
  'fence_groups',
  {
    fenceId: integer('fence_id')
      .notNull()
      .references(() => fences.id, { onDelete: 'cascade' }),
    groupId: integer('group_id')
      .notNull()
      .references(() => deviceGroups.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.fenceId, t.groupId] }), index('fence_groups_group_idx').on(t.groupId)],
);

/**
 * Where each watched device was last judged to be, per fence: the one truth replicas agree on.
 * A transition only changes a row whose `inside` differs, so exactly one replica sees it change
 * and raises the alarm (src/server/fences/states.ts).
 */
export const fenceDeviceStates = pgTable(
  'fence_device_states',
  {
    fenceId: integer('fence_id')
      .notNull()
      .references(() => fences.id, { onDelete: 'cascade' }),
    deviceId: integer('device_id')
      .notNull()
      .references(() => devices.id, { onDelete: 'cascade' }),
    inside: boolean('inside').notNull(),
    since: ts('since').notNull(),
    /**
     * A crossing seen but not yet raised (docs/fences.md "Dwell"): the side the device went to and
     * the time of its first fix there. A later fix still beyond after the dwell confirms it; a fix
     * back on the stored side drops it. Both null when nothing is pending.
     */
    pendingSince: ts('pending_since'),
    pendingInside: boolean('pending_inside'),
  },
  (t) => [primaryKey({ columns: [t.fenceId, t.deviceId] }), index('fence_device_states_device_idx').on(t.deviceId)],
);

export type FenceRow = typeof fences.$inferSelect;
