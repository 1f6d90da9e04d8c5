import multipart from '@fastify/multipart';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { Code } from '../../shared/api';
import type { PermissionMark } from '../../shared/permissions';
import { exportBody, idBody, idsBody, listQuery } from '../../shared/resources/list';
import { formSchema } from '../../shared/resources/schema';
import { deleteJobBody, exportJobBody } from '../../shared/jobs';
import { exportRows, importFormat, importRows, readImport, XLSX_TYPE } from '../engine/files';
import { getRow, listOrder, listRows, listWhere } from '../engine/query';
import { maskingOf, refuseHiddenQuery, shownRows } from '../engine/masking';
import type { Binding, Ctx } from '../engine/types';
import { addRow, deleteRows, guardWrite, restoreRows, updateRow } from '../engine/write';
import { fail } from '../lib/api-error';
import { authed } from '../auth/request';
import { isMultipartError } from '../lib/upload-errors';
import { ENTITY_SERVERS } from '../../entities/server.gen';
import { named } from '../lib/plugin-name';

const MAX_IMPORT_BYTES = 5 * 1024 * 1024;

const ctxOf = (request: FastifyRequest): Ctx => ({
  app: request.server,
  db: request.server.db,
  scope: authed(request).scope,
});

/**
 * The single upload of an import (field `file`), at most 5 MB, with the name it had. Refused up
 * front, each with its key: not a form upload (uploadMalformed), over 5 MB (importTooLarge), empty
 * (importNoRows).
 */
async function uploaded(request: FastifyRequest): Promise<{ bytes: Buffer; name: string }> {
  let file;
  let bytes: Buffer;
  try {
    file = await request.file();
    if (!file || file.fieldname !== 'file') return fail(Code.BAD_REQUEST, 'uploadMalformed');
    bytes = await file.toBuffer();
    // toBuffer can end on the chunk that reached the limit without throwing: the file is cut short.
    if (file.file.truncated) return fail(Code.BAD_REQUEST, 'importTooLarge');
  } catch (err) {
    if ((err as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') return fail(Code.BAD_REQUEST, 'importTooLarge');
    // Not multipart, cut short, a malformed part: the upload itself is unreadable.
    if (isMultipartError(err)) return fail(Code.BAD_REQUEST, 'uploadMalformed');
    throw err;
  }
  if (!bytes.length) return fail(Code.BAD_REQUEST, 'importNoRows');
  return { bytes, name: file.filename };
}

/**
 * `POST /api/<kind>/<name>/<action>` for every registered binding: list and get for any
 * session, the def's write actions behind their `<mark>:<action>` permission marks.
 */
function resourceRoutes(b: Binding): FastifyPluginAsyncZod {
  const { def } = b;
  const actions = new Set(def.actions ?? ['add', 'update', 'delete', 'export', 'import']);
  const mark = (action: string) => ({ mark: `${def.mark}:${action}` as PermissionMark });
  const tags = [def.kind];
  return async (app) => {
    // Anyone may look rows up (forms pick departments, people ...); personal data stays masked
    // for the visitor and for users whose roles lack this resource's screen (docs/permissions.md).
    app.post(
      '/list',
      { schema: { tags, summary: `${def.name}: one page of rows`, body: listQuery } },
      async (request, reply) => {
        const ctx = ctxOf(request);
        const m = await maskingOf(ctx, b);
        const q = request.body;
        refuseHiddenQuery(m, q);
        const page = await listRows(ctx, b, q, m.hidden);
        return reply.ok({ ...page, rows: await shownRows(ctx, m, b, page.rows) });
      },
    );
    app.post('/get', { schema: { tags, summary: `${def.name}: one row`, body: idBody } }, async (request, reply) => {
      const ctx = ctxOf(request);
      const row = await getRow(ctx, b, request.body.id);
      return reply.ok((await shownRows(ctx, await maskingOf(ctx, b), b, [row]))[0]);
    });
    if (actions.has('add')) {
      app.post(
        '/add',
        { config: mark('add'), schema: { tags, summary: `${def.name}: create`, body: formSchema(def, 'add') } },
        async (request, reply) => reply.ok(await addRow(ctxOf(request), b, request.body)),
      );
    }
    if (actions.has('update')) {
      const body = formSchema(def, 'update');
      app.post(
        '/update',
        { config: mark('update'), schema: { tags, summary: `${def.name}: change`, body } },
        async (request, reply) => reply.ok(await updateRow(ctxOf(request), b, request.body as { id: number })),
      );
    }
    if (actions.has('delete')) {
      app.post(
        '/delete',
        { config: mark('delete'), schema: { tags, summary: `${def.name}: delete by ids`, body: idsBody } },
        async (request, reply) => {
          await deleteRows(ctxOf(request), b, request.body.ids);
          return reply.ok(null);
        },
      );
      app.post(
        '/deleteJob',
        {
          config: mark('delete'),
          schema: {
            tags,
            summary: `${def.name}: delete every row matching the filters and keyword, by a background job`,
            body: deleteJobBody,
          },
        },
        async (request, reply) => {
          const ctx = ctxOf(request);
          guardWrite(ctx, b, 'delete');
          // Filters are checked now, so a bad one answers 400 here rather than failing the job.
          listWhere(b, ctx.scope, request.body);
          const job = await app.jobs.enqueue(ctx.scope, 'delete', def.label.message, {
            resource: { kind: def.kind, name: def.name },
            query: request.body,
          });
          return reply.ok(job, 'jobQueued');
        },
      );
    }
    if (def.softDelete) {
      app.post(
        '/restore',
        {
          config: mark('delete'),
          schema: { tags, summary: `${def.name}: bring deleted rows back (administrators)`, body: idsBody },
        },
        async (request, reply) => {
          await restoreRows(ctxOf(request), b, request.body.ids);
          return reply.ok(null);
        },
      );
    }
    if (actions.has('export')) {
      app.post(
        '/export',
        { config: mark('export'), schema: { tags, summary: `${def.name}: the list as CSV or XLSX`, body: exportBody } },
        async (request, reply) => {
          const file = await exportRows(ctxOf(request), b, request.body);
          return reply
            .header('content-type', file.contentType)
            .header('content-disposition', `attachment; filename="${file.filename}"`)
            .send(file.body);
        },
      );
    }
    if (actions.has('export')) {
      app.post(
        '/exportJob',
        {
          config: mark('export'),
          schema: {
            tags,
            summary: `${def.name}: the list as a file, written by a background job`,
            body: exportJobBody,
          },
        },
        async (request, reply) => {
          const { format, ...query } = request.body;
          // Sort and filters are checked now, so a bad one answers 400 here rather than failing the job.
          const m = await maskingOf(ctxOf(request), b);
          refuseHiddenQuery(m, query);
          listOrder(b, query.sort);
          listWhere(b, authed(request).scope, query, m.hidden);
          const job = await app.jobs.enqueue(authed(request).scope, 'export', def.label.message, {
            resource: { kind: def.kind, name: def.name },
            query,
            format,
          });
          return reply.ok(job, 'jobQueued');
        },
      );
    }
    if (actions.has('import')) {
      app.post(
        '/import',
        {
          config: mark('import'),
          schema: {
            tags,
            summary: `${def.name}: CSV or XLSX upload (field "file", at most 5 MB and 5,000 rows), answers an ImportReport`,
          },
        },
        async (request, reply) => {
          const ctx = ctxOf(request);
          guardWrite(ctx, b, 'import');
          return reply.ok(await importRows(ctx, b, (await uploaded(request)).bytes), 'importDone');
        },
      );
      app.post(
        '/importJob',
        {
          config: mark('import'),
          schema: {
            tags,
            summary: `${def.name}: CSV or XLSX upload (field "file") imported by a background job; its result is the ImportReport`,
          },
        },
        async (request, reply) => {
          const ctx = ctxOf(request);
          guardWrite(ctx, b, 'import');
          const { bytes, name } = await uploaded(request);
          // Refused now rather than as a failed job: neither a workbook nor text (importFormat), no
          // heading naming a field, no data rows, more than 5,000 (reading stops at the cap).
          const format = importFormat(bytes) ?? fail(Code.BAD_REQUEST, 'importFormat');
          await readImport(b, bytes, format);
          const upload = app.jobs.files.newKey(format);
          await app.jobs.files.put(upload, bytes, format === 'csv' ? 'text/csv' : XLSX_TYPE);
          const params = { resource: { kind: def.kind, name: def.name }, upload, format, fileName: name.slice(0, 200) };
          try {
            return reply.ok(await app.jobs.enqueue(ctx.scope, 'import', def.label.message, params), 'importQueued');
          } catch (err) {
            await app.jobs.files.remove(upload).catch(() => undefined);
            throw err;
          }
        },
      );
    }
  };
}

const resources: FastifyPluginAsyncZod = async (app) => {
  await app.register(multipart, { limits: { fileSize: MAX_IMPORT_BYTES, files: 1, fields: 5 } });
  // Entity folders (src/entities/): the generic routes, then the folder's routes.ts and plugin under the same prefix.
  for (const { binding: b, routes, plugin } of ENTITY_SERVERS) {
    const name = `${b.def.kind}/${b.def.name}`;
    await app.register(
      named(name, async (scoped: typeof app) => {
        await scoped.register(named(`${name} (list, form)`, resourceRoutes(b)));
        if (routes) await scoped.register(named(`${name} (routes)`, routes));
        if (plugin) await scoped.register(named(`${name} (plugin)`, plugin));
      }),
      { prefix: `/${name}` },
    );
  }
};

export default resources;
