import { boolean, index, integer, pgTable, serial, smallint, text } from 'drizzle-orm/pg-core';
import { createdAt, trigramIndexes } from '../../server/db/columns';
import { tenants } from '../tenant/table';

export const photos = pgTable(
  'photos',
  {
    id: serial('id').primaryKey(),
    tenantId: integer('tenant_id')
      .notNull()
      .references(() => tenants.id, { onDelete: 'cascade' }),
    title: text('title').notNull(),
    /** The picture's URL as the uploads answer it (`/api/file/<name>`). */
    image: text('image').notNull(),
    /** A 320-wide JPEG the service made of it. */
    thumb: text('thumb'),
    source: smallint('source').notNull().default(0),
    imei: text('imei'),
    reporter: text('reporter'),
    width: integer('width'),
    height: integer('height'),
    reviewState: smallint('review_state').notNull().default(0),
    published: boolean('published').notNull().default(false),
    pinned: boolean('pinned').notNull().default(false),
    createdAt: createdAt(),
  },
  (t) => [
    ...trigramIndexes('photos', t.title, t.imei, t.reporter),
    index('photos_tenant_idx').on(t.tenantId, t.id),
    index('photos_tenant_title_idx').on(t.tenantId, t.title),
    index('photos_tenant_source_idx').on(t.tenantId, t.source),
    index('photos_tenant_review_idx').on(t.tenantId, t.reviewState),
    index('photos_tenant_created_idx').on(t.tenantId, t.createdAt),
  ],
);
