import { index, integer, pgTable, serial, smallint, text } from 'drizzle-orm/pg-core';
import { createdAt, trigramIndexes } from '../../server/db/columns';
import { tenants } from '../tenant/table';
import { faceLibraries } from '../face-library/table';
import { faceSamples } from '../face-sample/table';

export const faceReviews = pgTable(
  'face_reviews',
  {
    id: serial('id').primaryKey(),
    tenantId: integer('tenant_id')
      .notNull()
      .references(() => tenants.id, { onDelete: 'cascade' }),
    libraryId: integer('library_id')
      .notNull()
      .references(() => faceLibraries.id, { onDelete: 'cascade' }),
    residentName: text('resident_name').notNull(),
    room: text('room'),
    picture: text('picture').notNull(),
    /** FACE_REVIEW: 0 pending, 1 passed, 2 failed, 3 delivered. */
    state: smallint('state').notNull().default(0),
    /** Why it failed: the reviewer's words, or the face processing's message key while pending. */
    reason: text('reason'),
    sampleId: integer('sample_id').references(() => faceSamples.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (t) => [
    ...trigramIndexes('face_reviews', t.residentName, t.room),
    index('face_reviews_tenant_idx').on(t.tenantId, t.id),
    index('face_reviews_tenant_resident_idx').on(t.tenantId, t.residentName),
    index('face_reviews_tenant_state_idx').on(t.tenantId, t.state, t.id),
    index('face_reviews_tenant_library_idx').on(t.tenantId, t.libraryId, t.id),
  ],
);
