import { and, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import sharp from 'sharp';
import { Code } from '../../shared/api';
import { UPLOAD_FILE_MAX } from '../../shared/constants';
import { uploads, users } from '../db/schema';
import { fail } from '../lib/api-error';
import { storeUpload } from './save-upload';

/** The database or the write's transaction (PGlite has one connection: a query beside the transaction would wait for it). */
type Queryable = Pick<FastifyInstance['db'], 'select' | 'insert'>;

/** Thumbnails are this wide (the list shows them at 100 px; twice that for dense screens). */
const THUMB_WIDTH = 320;

/** `/api/file/<name>` or a full URL ending so: the stored name, else undefined. */
export const storedName = (url: string): string | undefined =>
  /\/api\/file\/([A-Za-z0-9][A-Za-z0-9._-]{0,199})$/.exec(url)?.[1];

/**
 * A thumbnail of the tenant's uploaded picture, stored as an upload of its own, with the
 * picture's size. A picture of another tenant, or none at all, is refused.
 */
export async function thumbnailFor(
  app: FastifyInstance,
  tenantId: number,
  url: string,
  db: Queryable = app.db,
): Promise<{ thumb: string; width: number; height: number }> {
  const name = storedName(url);
  const [own] = name
    ? await db
        .select({ name: uploads.name })
        .from(uploads)
        .where(and(eq(uploads.tenantId, tenantId), eq(uploads.name, name)))
        .limit(1)
    : [];
  if (!own) fail(Code.BAD_REQUEST, 'fileFormat');
  const object = await app.storage.get(own.name);
  if (!object) fail(Code.BAD_REQUEST, 'fileFormat');
  const chunks: Buffer[] = [];
  for await (const chunk of object.body) chunks.push(chunk as Buffer);
  try {
    const image = sharp(Buffer.concat(chunks), { failOn: 'error' });
    const { width = 0, height = 0 } = await image.metadata();
    const bytes = await image.resize({ width: THUMB_WIDTH, withoutEnlargement: true }).jpeg({ quality: 80 }).toBuffer();
    const saved = await storeUpload(app, tenantId, bytes, { kind: 'image', under: UPLOAD_FILE_MAX, strip: false }, db);
    return { thumb: `/api/file/${saved.name}`, width, height };
  } catch (err) {
    if ((err as Error).name === 'ApiError') throw err;
    return fail(Code.BAD_REQUEST, 'fileFormat');
  }
}

/** Who uploaded: the user's name as the list shows it. */
export async function reporterName(db: Queryable, userId: number): Promise<string | null> {
  const [user] = await db
    .select({ name: users.name, username: users.username })
    .from(users)
    .where(eq(users.id, userId))
    .limit(1);
  return user ? user.name || user.username : null;
}
