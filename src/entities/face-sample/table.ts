import { doublePrecision, index, integer, pgTable, real, serial, text } from 'drizzle-orm/pg-core';
import { createdAt, trigramIndexes } from '../../server/db/columns';
import { tenants } from '../tenant/table';
import { faceLibraries } from '../face-library/table';

export const faceSamples = pgTable(
  'face_samples',
  {
    id: serial('id').primaryKey(),
    tenantId: integer('tenant_id')
      .notNull()
      .references(() => tenants.id, { onDelete: 'cascade' }),
    libraryId: integer('library_id')
      .notNull()
      .references(() => faceLibraries.id, { onDelete: 'cascade' }),
    /** Comma-separated, normalised (normaliseLabels); the first names the person. */
    labels: text('labels').notNull(),
    /** The uploaded face image's URL (/api/file/<name>) or a demo picture (/faces/<name>.jpg). */
    picture: text('picture').notNull(),
    /** The faceres descriptor (1024 numbers); the service's alone, never listed. */
    embedding: real('embedding').array().notNull(),
    quality: doublePrecision('quality').notNull(),
    /** A message key (FACE_WARNING_TABLE) or null. */
    warning: text('warning'),
    createdAt: createdAt(),
  },
  (t) => [
    ...trigramIndexes('face_samples', t.labels),
    index('face_samples_tenant_idx').on(t.tenantId, t.id),
    index('face_samples_tenant_labels_idx').on(t.tenantId, t.labels),
    index('face_samples_tenant_library_idx').on(t.tenantId, t.libraryId, t.id),
    index('face_samples_tenant_quality_idx').on(t.tenantId, t.quality),
    index('face_samples_tenant_warning_idx').on(t.tenantId, t.warning),
    index('face_samples_library_idx').on(t.libraryId),
  ],
);
