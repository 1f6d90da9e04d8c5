import { boolean, index, integer, pgTable, serial, smallint, text } from 'drizzle-orm/pg-core';
import { createdAt, trigramIndexes } from '../../server/db/columns';
import { tenants } from '../tenant/table';

export const videoRecords = pgTable(
  'video_records',
  {
    id: serial('id').primaryKey(),
    tenantId: integer('tenant_id')
      .notNull()
      .references(() => tenants.id, { onDelete: 'cascade' }),
    /** The file name of docs/requirements/realtime-video.md#device-calls: the recording's file key plus `_0000`. */
    fileName: text('file_name').notNull(),
    title: text('title'),
    /** Devices in the recording, comma-separated. */
    imeis: text('imeis'),
    /** The SFU room recorded (a call channel or `room_{roomId}`). */
    room: text('room'),
    durationMs: integer('duration_ms'),
    size: integer('size'),
    type: smallint('type').notNull().default(2),
    bucketName: text('bucket_name'),
    reviewState: smallint('review_state').notNull().default(0),
    published: boolean('published').notNull().default(false),
    pinned: boolean('pinned').notNull().default(false),
    /** The stored upload, served by GET /api/file/<file>; null for a recording kept elsewhere. */
    file: text('file'),
    /** A JPEG of its first picture (poster.ts), stored like the file; null without a picture. */
    poster: text('poster'),
    createdAt: createdAt(),
  },
  (t) => [
    ...trigramIndexes('video_records', t.fileName, t.title, t.imeis, t.room),
    index('video_records_tenant_idx').on(t.tenantId, t.id),
    index('video_records_tenant_file_idx').on(t.tenantId, t.fileName),
    index('video_records_tenant_review_idx').on(t.tenantId, t.reviewState),
    index('video_records_tenant_created_idx').on(t.tenantId, t.createdAt),
  ],
);
