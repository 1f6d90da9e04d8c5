import { index, integer, pgTable, serial, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { trigramIndexes, ts, bytea } from '../../server/db/columns';

/**
 * Devices that spoke a device protocol (src/server/protocols/) with an identifier no device is
 * registered under: refused, and listed for administrators to register (docs/protocols.md).
 * The gateway writes the rows (gateway.ts, `unknown`), at most every 10 s per identifier.
 */
export const protocolUnknownDevices = pgTable(
  'protocol_unknown_devices',
  {
    id: serial('id').primaryKey(),
    protocol: text('protocol').notNull(),
    identifier: text('identifier').notNull(),
    remote: text('remote').notNull(),
    firstSeen: ts('first_seen').notNull().defaultNow(),
    lastSeen: ts('last_seen').notNull().defaultNow(),
    frames: integer('frames').notNull().default(1),
    /** The last frame, as received. */
    lastFrame: bytea('last_frame').notNull(),
  },
  (t) => [
    uniqueIndex('protocol_unknown_devices_uq').on(t.protocol, t.identifier),
    index('protocol_unknown_devices_seen_idx').on(t.lastSeen, t.id.desc()),
    ...trigramIndexes('protocol_unknown_devices', t.identifier, t.remote),
  ],
);
