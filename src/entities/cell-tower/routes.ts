import { Readable, Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { errorCodes, type FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { Code } from '../../shared/api';
import { fail } from '../../server/lib/api-error';
import { isMultipartError } from '../../server/lib/upload-errors';
import { ctxOf } from '../../server/devices/scope';
import { superOnly } from '../unknown-device';
import { CELL_TOWER_IMPORT_JOB, type CellTowerImportParams } from './import';
import cellTower from './resource';

/** OpenCellID's full export runs to a few GB gzipped: this route alone takes up to 2 GB, streamed to a temp file. */
const MAX_CELL_FILE_BYTES = 2 * 1024 ** 3;

/** The bodies taken raw: a CSV, or OpenCellID's .csv.gz as downloaded. */
const RAW_TYPES = ['text/csv', 'application/gzip', 'application/x-gzip', 'application/octet-stream'];

const tooLarge = () => new errorCodes.FST_ERR_CTP_BODY_TOO_LARGE();

/** The upload's bytes: the multipart field `file`, or the raw body. */
async function uploadStream(request: FastifyRequest): Promise<{ body: Readable; truncated: () => boolean }> {
  if (!request.isMultipart()) {
    // A body some other parser read (JSON): not a file.
    if (!(request.body instanceof Readable)) return fail(Code.BAD_REQUEST, 'uploadMalformed');
    return { body: request.body, truncated: () => false };
  }
  try {
    const file = await request.file({ limits: { fileSize: MAX_CELL_FILE_BYTES, files: 1, fields: 5 } });
    if (!file || file.fieldname !== 'file') return fail(Code.BAD_REQUEST, 'uploadMalformed');
    return { body: file.file, truncated: () => file.file.truncated };
  } catch (err) {
    if (isMultipartError(err)) return fail(Code.BAD_REQUEST, 'uploadMalformed');
    throw err;
  }
}

const plugin: FastifyPluginAsyncZod = async (app) => {
  // Raw bodies reach the handler unread: it streams them to a file, never holding them whole.
  app.addContentTypeParser(RAW_TYPES, { bodyLimit: MAX_CELL_FILE_BYTES }, (request, payload, done) => {
    const length = Number(request.headers['content-length']);
    if (length > MAX_CELL_FILE_BYTES) return done(tooLarge(), undefined);
    done(null, payload);
  });

  app.post(
    '/importOpenCellId',
    {
      config: { write: true },
      bodyLimit: MAX_CELL_FILE_BYTES,
      schema: {
        tags: ['device'],
        summary:
          'Import an OpenCellID cell-tower file (super administrators): the CSV or .csv.gz as the raw body (text/csv, application/gzip) or the multipart field `file`, up to 2 GB; upserted on (mcc, net, area, cell) by a background job whose result counts the lines that could not be read',
      },
    },
    async (request, reply) => {
      const ctx = ctxOf(request);
      superOnly(ctx.scope);
      const { body, truncated } = await uploadStream(request);
      const out = await app.jobs.files.create('csv');
      let size = 0;
      let head = Buffer.alloc(0);
      const count = new Transform({
        transform(chunk: Buffer, _enc, next) {
          size += chunk.length;
          if (head.length < 2) head = Buffer.concat([head, chunk.subarray(0, 2)]);
          next(size > MAX_CELL_FILE_BYTES ? tooLarge() : null, chunk);
        },
      });
      try {
        await pipeline(body, count, out.stream);
        if (truncated()) fail(Code.BAD_REQUEST, 'fileTooLarge');
        if (!size) fail(Code.BAD_REQUEST, 'importNoRows');
      } catch (err) {
        await app.jobs.files.discard(out);
        if (isMultipartError(err)) fail(Code.BAD_REQUEST, 'uploadMalformed');
        throw err;
      }
      const gzip = head[0] === 0x1f && head[1] === 0x8b;
      await app.jobs.files.store(out, gzip ? 'application/gzip' : 'text/csv');
      const params: CellTowerImportParams = { resource: { kind: 'device', name: 'cellTower' }, upload: out.key, gzip };
      try {
        return reply.ok(
          await app.jobs.enqueue(ctx.scope, CELL_TOWER_IMPORT_JOB, cellTower.label.message, { ...params }),
          'importQueued',
        );
      } catch (err) {
        await app.jobs.files.remove(out.key).catch(() => undefined);
        throw err;
      }
    },
  );
};

export default plugin;
