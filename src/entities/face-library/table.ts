import { doublePrecision, index, integer, pgTable, serial, text } from 'drizzle-orm/pg-core';
import { createdAt, trigramIndexes } from '../../server/db/columns';
import { tenants } from '../tenant/table';
import { FACE_DEFAULTS } from './resource';

export const faceLibraries = pgTable(
  'face_libraries',
  {
    id: serial('id').primaryKey(),
    tenantId: integer('tenant_id')
      .notNull()
      .references(() => tenants.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    /** A sample's quality (src/server/faces/process.ts, 0..1) must reach this. */
    qualityThreshold: doublePrecision('quality_threshold').notNull().default(FACE_DEFAULTS.qualityThreshold),
    /** Cosine similarity under which a person's samples disagree (a warning). */
    intraThreshold: doublePrecision('intra_threshold').notNull().default(FACE_DEFAULTS.intraThreshold),
    /** Cosine similarity at or above which two faces are the same person (refusal, door-unit match). */
    interThreshold: doublePrecision('inter_threshold').notNull().default(FACE_DEFAULTS.interThreshold),
    info: text('info'),
    createdAt: createdAt(),
  },
  (t) => [
    ...trigramIndexes('face_libraries', t.name, t.info),
    index('face_libraries_tenant_idx').on(t.tenantId, t.id),
    index('face_libraries_tenant_name_idx').on(t.tenantId, t.name),
  ],
);
