import { randomUUID } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { Code } from '../../shared/api';
import { uploads } from '../db/schema';
import { MESSAGES } from '../../shared/messages';
import { fail } from '../lib/api-error';
import { isMultipartError, sizeText } from '../lib/upload-errors';
import { authed } from '../auth/request';
import { MEDIA, type MediaKind } from '../storage/media-types';
import { ensureQuota } from './quota';
import { sniff } from './sniff';
import { stripImage } from './strip-image';

export interface UploadRule {
  kind: MediaKind;
  /** Files must be smaller than this many bytes (docs/requirements/validation.md#uploads says "under"). */
  under: number;
  /** Re-encode images, dropping their metadata. */
  strip: boolean;
}

export interface SavedUpload {
  name: string;
  size: number;
  contentType: string;
}

/** The one file of field `file`, read no further than the limit. */
async function receive(request: FastifyRequest, under: number): Promise<Buffer> {
  try {
    const file = await request.file({ limits: { fileSize: under - 1, files: 1, fields: 2, parts: 3 } });
    if (!file || file.fieldname !== 'file') return fail(Code.BAD_REQUEST, 'uploadMalformed');
    const bytes = await file.toBuffer();
    // toBuffer can end on the chunk that reached the limit without throwing: the file is cut short.
    return file.file.truncated ? tooLarge(under) : bytes;
  } catch (err) {
    if ((err as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') return tooLarge(under);
    // Not multipart, cut short, malformed: the upload itself is unreadable.
    if (isMultipartError(err)) return fail(Code.BAD_REQUEST, 'uploadMalformed');
    throw err;
  }
}

/** fileTooLarge naming this upload's limit in the envelope's message. */
const tooLarge = (under: number): never =>
  fail(Code.BAD_REQUEST, 'fileTooLarge', `${MESSAGES.fileTooLarge} (under ${sizeText(under)})`);

/**
 * The upload path every endpoint shares: size limit while reading, type sniffed from the content,
 * images re-encoded, the tenant's quota, then storage and the `uploads` row. Needs a session.
 */
export async function saveUpload(request: FastifyRequest, rule: UploadRule): Promise<SavedUpload> {
  const app = request.server;
  const { scope } = authed(request);
  const bytes = await receive(request, rule.under);
  return storeUpload(app, scope.tenantId, bytes, rule);
}

/**
 * The tail of the upload path for bytes already read (within the limit): sniff, strip, quota,
 * storage and the `uploads` row. Devices' own uploads (voice clips) come in here without a session.
 * Inside a transaction, pass it as `db` (PGlite has one connection: a query beside it would wait).
 */
export async function storeUpload(
  app: FastifyInstance,
  tenantId: number,
  bytes: Buffer,
  rule: UploadRule,
  db: Pick<FastifyInstance['db'], 'select' | 'insert'> = app.db,
): Promise<SavedUpload> {
  if (bytes.length >= rule.under) return tooLarge(rule.under);
  const ext = await sniff(bytes, rule.kind);
  if (!ext) return fail(Code.BAD_REQUEST, 'fileFormat');
  const body = rule.strip ? await stripImage(bytes, ext) : bytes;
  await ensureQuota(app, tenantId, body.length, db);
  const name = `${randomUUID()}.${ext}`;
  const contentType = MEDIA[ext].mime;
  await app.storage.put(name, body, contentType);
  try {
    await db.insert(uploads).values({ tenantId, name, bytes: body.length });
  } catch (err) {
    await app.storage.delete(name).catch(() => {});
    throw err;
  }
  return { name, size: body.length, contentType };
}
