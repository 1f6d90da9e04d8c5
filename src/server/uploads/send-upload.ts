import type { FastifyReply, FastifyRequest } from 'fastify';
import { Code } from '../../shared/api';
import { envelope } from '../lib/api-error';
import { UPLOAD_NAME } from '../storage/media-types';
import type { ByteRange } from '../storage/types';

const RANGE = /^bytes=(\d{0,15})-(\d{0,15})$/;

/** The one range of a Range header; several ranges or anything odd are ignored (the whole file). */
function parseRange(header: string | undefined): ByteRange | undefined {
  const m = header ? RANGE.exec(header.trim()) : null;
  if (!m || (!m[1] && !m[2])) return undefined;
  if (!m[1]) return { suffix: Number(m[2]) };
  return { start: Number(m[1]), end: m[2] ? Number(m[2]) : undefined };
}

/**
 * An upload as its own document: the type recorded at upload (never the request's), no sniffing,
 * no scripts or anything else loaded from it, shown inline. Names are random UUIDs, never listed.
 * One byte range is served (206), which video players, Safari's above all, need to play.
 */
export async function sendUpload(request: FastifyRequest, reply: FastifyReply, name: string): Promise<FastifyReply> {
  const found = UPLOAD_NAME.test(name)
    ? await reply.server.storage.get(name, parseRange(request.headers.range))
    : undefined;
  // A real 404 status, so an <img> shows its broken state instead of decoding JSON.
  if (!found) return reply.status(404).send(envelope(Code.NOT_FOUND, 'notFound', null));
  const { range, size } = found;
  if (range) reply.status(206).header('content-range', `bytes ${range.start}-${range.end}/${size}`);
  return reply
    .type(found.contentType)
    .header('content-length', range ? range.end - range.start + 1 : size)
    .header('accept-ranges', 'bytes')
    .header('cache-control', 'public, max-age=31536000, immutable')
    .header('x-content-type-options', 'nosniff')
    .header('content-security-policy', "default-src 'none'; frame-ancestors 'none'")
    .header('content-disposition', `inline; filename="${name}"`)
    .send(found.body);
}
