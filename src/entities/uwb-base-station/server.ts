import { and, eq } from 'drizzle-orm';
import { Code } from '../../shared/api';
import { defineEntity } from '../../server/engine/registry';
import type { Row, Tx } from '../../server/engine/types';
import { fail } from '../../server/lib/api-error';
import { drawings } from '../drawing/table';
import { indoorMapOf } from '../indoor-map/server';
import { num, requireOnAdd } from '../indoor-map';
import uwbBaseStation from './resource';
import { uwbBaseStations } from './table';

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
  const map = await indoorMapOf(tx, mapId, tenantId);
  for (const [axis, size] of [
    ['x', map.width],
    ['y', map.height],
  ] as const) {
    const v = num(merged[axis]) ?? 0;
    if (v > size) fail(Code.BAD_REQUEST, 'tooLarge', `${axis}: outside the floor (0 to ${size} m)`);
  }
}

export default defineEntity({
  def: uwbBaseStation,
  table: uwbBaseStations,
  hooks: {
    async beforeWrite(_ctx, tx, values, _input, tenantId, existing) {
      requireOnAdd(uwbBaseStation, values, existing);
      if (existing) values.updatedAt = new Date();
      await checkPlacement(tx, values, tenantId, existing?.id);
    },
  },
});
