import { sql } from 'drizzle-orm';
import { bigint, doublePrecision, integer, pgTable, serial, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { ts } from '../../server/db/columns';
import { isPlatformScope } from '../../server/db/scope';
import { defineEntity } from '../../server/engine/registry';
import cellTower from './resource';

/**
 * OpenCellID's cell towers (docs/protocols.md "Cell towers"), keyed as a device reports a cell:
 * (mcc, net, area, cell). The gateway looks the cells of an LBS report up here
 * (src/server/protocols/cells.ts); the import upserts whole OpenCellID files (import.ts).
 */
export const cellTowers = pgTable(
  'cell_towers',
  {
    id: serial('id').primaryKey(),
    radio: text('radio').notNull(),
    mcc: integer('mcc').notNull(),
    net: integer('net').notNull(),
    area: bigint('area', { mode: 'number' }).notNull(),
    /** An LTE ECI or NR NCI runs past 32 bits. */
    cell: bigint('cell', { mode: 'number' }).notNull(),
    lon: doublePrecision('lon').notNull(),
    lat: doublePrecision('lat').notNull(),
    /** Metres: OpenCellID's estimate of the area the cell serves. */
    range: integer('range').notNull(),
    samples: integer('samples'),
    updated: ts('updated'),
  },
  (t) => [uniqueIndex('cell_towers_key_uq').on(t.mcc, t.net, t.area, t.cell)],
);

/** Platform-wide rows: super administrators alone read and change them. */
export default defineEntity({
  def: cellTower,
  table: cellTowers,
  readWhere: (scope) => (isPlatformScope(scope) ? undefined : sql`false`),
  // Written by super administrators only, as every platform-wide binding (guardWrite).
});
