import { and, eq, or, sql } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import { Code } from '../../shared/api';
import type { ResourceDef } from '../../shared/resources';
import { drawingResource, indoorMapResource, uwbBaseStationResource } from '../../shared/resources/indoor';
import { drawings, indoorMaps, uwbBaseStations } from '../db/schema';
import { qualified } from '../engine/query';
import { registerBinding } from '../engine/registry';
import type { Row, Tx } from '../engine/types';
import { fail } from '../lib/api-error';

const pick = <T extends object>(table: T, names: readonly (keyof T & string)[]): Record<string, PgColumn> =>
  Object.fromEntries(names.map((n) => [n, table[n] as PgColumn]));
const num = (v: unknown) => (typeof v === 'number' ? v : undefined);

/**
 * A required field left out of an add body slips past formSchema (zod 4 skips absent optional-typed
 * keys) and would reach the NOT NULL column as a 500; name it instead.
 */
function requireOnAdd(def: ResourceDef, values: Row, existing: unknown): void {
  if (existing) return;
  const missing = def.fields.find(
    (f) => f.required && f.form !== false && (values[f.name] === undefined || values[f.name] === null),
  );
  if (missing) fail(Code.BAD_REQUEST, 'required', `${missing.name}: required`);
}

async function mapOf(tx: Tx, id: number, tenantId: number) {
  const [map] = await tx
    .select({ id: indoorMaps.id, width: indoorMaps.width, height: indoorMaps.height })
    .from(indoorMaps)
    .where(and(eq(indoorMaps.id, id), eq(indoorMaps.tenantId, tenantId)));
  return map ?? fail(Code.BAD_REQUEST, 'refInvalid');
}

export const indoorMapBinding = registerBinding({
  def: indoorMapResource,
  table: indoorMaps,
  id: indoorMaps.id,
  tenantId: indoorMaps.tenantId,
  columns: pick(indoorMaps, [
    'title',
    'address',
    'floor',
    'picture',
    'width',
    'height',
    'scale',
    'tenantId',
    'createdAt',
  ]),
  hooks: {
    async beforeWrite(_ctx, tx, values, _input, _tenantId, existing) {
      requireOnAdd(indoorMapResource, values, existing);
      if (!existing) return;
      values.updatedAt = new Date();
      // Shrinking the floor must not strand base stations outside it.
      const [far] = await tx
        .select({
          x: sql<number | null>`max(${qualified(uwbBaseStations.x)})`,
          y: sql<number | null>`max(${qualified(uwbBaseStations.y)})`,
        })
        .from(uwbBaseStations)
        .leftJoin(drawings, eq(drawings.id, uwbBaseStations.drawingId))
        .where(or(eq(uwbBaseStations.indoorMapId, existing.id), eq(drawings.indoorMapId, existing.id)));
      const width = num(values.width);
      const height = num(values.height);
      if (width !== undefined && far?.x != null && far.x > width)
        fail(Code.BAD_REQUEST, 'tooSmall', `width: a base station stands at x = ${far.x} m`);
      if (height !== undefined && far?.y != null && far.y > height)
        fail(Code.BAD_REQUEST, 'tooSmall', `height: a base station stands at y = ${far.y} m`);
    },
  },
});

export const drawingBinding = registerBinding({
  def: drawingResource,
  table: drawings,
  id: drawings.id,
  tenantId: drawings.tenantId,
  columns: pick(drawings, [
    'project',
    'customer',
    'building',
    'unit',
    'floor',
    'picture',
    'kind',
    'indoorMapId',
    'tenantId',
    'createdAt',
  ]),
  hooks: {
    async beforeWrite(_ctx, tx, values, _input, tenantId, existing) {
      requireOnAdd(drawingResource, values, existing);
      if (existing) values.updatedAt = new Date();
      const mapId = num(values.indoorMapId);
      if (mapId) await mapOf(tx, mapId, tenantId);
    },
  },
});

/**
 * The floor a station stands on: its own map, else its drawing's map. A station's x/y must lie on
 * that floor; a station with neither (not placed yet) is not checked.
 */
async function checkPlacement(tx: Tx, values: Row, tenantId: number, existingId?: number): Promise<void> {
  let current: Row = {};
  if (existingId) {
    const [row] = await tx.select().from(uwbBaseStations).where(eq(uwbBaseStations.id, existingId));
    current = row ?? {};
  }
  const merged = { ...current, ...values };
  const drawingId = num(merged.drawingId);
  let mapId = num(merged.indoorMapId);
  if (drawingId) {
    const [drawing] = await tx
      .select({ indoorMapId: drawings.indoorMapId })
      .from(drawings)
      .where(and(eq(drawings.id, drawingId), eq(drawings.tenantId, tenantId)));
    if (!drawing) fail(Code.BAD_REQUEST, 'refInvalid');
    mapId ??= drawing!.indoorMapId ?? undefined;
  }
  if (!mapId) return;
  const map = await mapOf(tx, mapId, tenantId);
  for (const [axis, size] of [
    ['x', map.width],
    ['y', map.height],
  ] as const) {
    const v = num(merged[axis]) ?? 0;
    if (v > size) fail(Code.BAD_REQUEST, 'tooLarge', `${axis}: outside the floor (0 to ${size} m)`);
  }
}

export const uwbBaseStationBinding = registerBinding({
  def: uwbBaseStationResource,
  table: uwbBaseStations,
  id: uwbBaseStations.id,
  tenantId: uwbBaseStations.tenantId,
  columns: pick(uwbBaseStations, [
    'name',
    'code',
    'drawingId',
    'indoorMapId',
    'floor',
    'x',
    'y',
    'z',
    'status',
    'tenantId',
    'createdAt',
  ]),
  hooks: {
    async beforeWrite(_ctx, tx, values, _input, tenantId, existing) {
      requireOnAdd(uwbBaseStationResource, values, existing);
      if (existing) values.updatedAt = new Date();
      await checkPlacement(tx, values, tenantId, existing?.id);
    },
  },
});

export const INDOOR_BINDINGS = [indoorMapBinding, drawingBinding, uwbBaseStationBinding] as const;
