import type { FastifyReply } from 'fastify';
import { Code } from '../../shared/api';
import { envelope } from '../lib/api-error';
import { UPLOAD_NAME } from '../storage/media-types';

/**
 * An upload as its own document: the type recorded at upload (never the request's), no sniffing,
 * no scripts or anything else loaded from it, shown inline. Names are random UUIDs, never listed.
 */
export async function sendUpload(reply: FastifyReply, name: string): Promise<FastifyReply> {
  const found = UPLOAD_NAME.test(name) ? await reply.server.storage.get(name) : undefined;
  // A real 404 status, so an <img> shows its broken state instead of decoding JSON.
  if (!found) return reply.status(404).send(envelope(Code.NOT_FOUND, 'notFound', null));
  return reply
    .type(found.contentType)
    .header('content-length', found.size)
    .header('cache-control', 'public, max-age=31536000, immutable')
    .header('x-content-type-options', 'nosniff')
    .header('content-security-policy', "default-src 'none'; frame-ancestors 'none'")
    .header('content-disposition', `inline; filename="${name}"`)
    .send(found.body);
}
