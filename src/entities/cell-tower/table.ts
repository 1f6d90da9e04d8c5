import { bigint, doublePrecision, integer, pgTable, serial, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { ts } from '../../server/db/columns';

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
