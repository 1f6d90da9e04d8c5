import { eq, sum } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { Code } from '../../shared/api';
import { uploads } from '../db/schema';
import { fail } from '../lib/api-error';

/** One tenant cannot fill the storage the others share (UPLOAD_QUOTA_MB, counted in `uploads`). */
export async function ensureQuota(
  app: FastifyInstance,
  tenantId: number,
  bytes: number,
  db: Pick<FastifyInstance['db'], 'select'> = app.db,
): Promise<void> {
  const [used] = await db
    .select({ bytes: sum(uploads.bytes) })
    .from(uploads)
    .where(eq(uploads.tenantId, tenantId));
  if (Number(used?.bytes ?? 0) + bytes > app.config.uploadQuotaBytes) fail(Code.BAD_REQUEST, 'quotaExceeded');
}
