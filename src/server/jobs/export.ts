import { once } from 'node:events';
import { and, count } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { MAX_JOB_EXPORT_ROWS } from '../../shared/jobs';
import type { ListQuery } from '../../shared/resources/list';
import { cellsOf, columnWidth, csvCell, exportFields, XLSX_TYPE } from '../engine/files';
import { maskingOf, refuseHiddenQuery, shownRows } from '../engine/masking';
import { keysetAfter, listKeys, listOrder, listWhere, selectRows } from '../engine/query';
import { bindingFor } from '../engine/registry';
import type { Ctx } from '../engine/types';
import type { JobHandler } from './runner';

/** Rows read and written per step: progress moves and the abort is checked between steps. */
const CHUNK = 2_000;

interface ExportParams {
  resource: { kind: string; name: string };
  query: Pick<ListQuery, 'filters' | 'keyword' | 'sort'>;
  format: 'csv' | 'xlsx';
}

/**
 * The export of any list as a job: the same columns, labels, filters and sort as the
 * synchronous export (engine/files.ts), written to a temp file in steps of 2,000 rows, so its
 * memory does not grow with the list, then streamed to the storage. Each step starts after the
 * last row of the one before (keyset paging on the list order and id), so late steps of a
 * 100,000-row export cost what the first ones do.
 */
export const exportHandler =
  (chunk = CHUNK): JobHandler =>
  async (job, run) => {
    const params = job.params as ExportParams;
    const b = bindingFor(params.resource.kind, params.resource.name);
    if (!b) throw new Error(`no resource ${params.resource.kind}/${params.resource.name}`);
    const ctx: Ctx = { app: run.app, db: run.app.db, scope: run.scope };
    const fields = exportFields(b);
    // Masked like the list, as the job's owner is shown it now.
    const m = await maskingOf(ctx, b);
    refuseHiddenQuery(m, params.query);
    const where = listWhere(b, ctx.scope, params.query, m.hidden);
    const keys = listKeys(b, params.query.sort);
    const order = listOrder(b, params.query.sort);
    const [counted] = await ctx.db.select({ n: count() }).from(b.table).where(where);
    const total = Math.min(Number(counted?.n ?? 0), MAX_JOB_EXPORT_ROWS);
    const out = await run.files.create(params.format);
    const { stream } = out;
    const closed = once(stream, 'close');
    const header = fields.map((f) => f.label.message);
    const write = async (text: string) => {
      if (!stream.write(text)) await once(stream, 'drain');
    };
    const wb =
      params.format === 'xlsx'
        ? new ExcelJS.stream.xlsx.WorkbookWriter({ stream, useSharedStrings: false })
        : undefined;
    const ws = wb?.addWorksheet(b.def.label.message);
    try {
      if (ws) {
        ws.columns = fields.map((f) => ({ width: columnWidth(f) }));
        ws.addRow(header).commit();
      } else {
        // The BOM makes Excel read the file as UTF-8 (Chinese headers otherwise garble).
        await write(`\uFEFF${header.map(csvCell).join(',')}\r\n`);
      }
      let done = 0;
      let cursor: (string | null)[] | undefined;
      run.progress(0, total);
      while (done < total) {
        run.signal.throwIfAborted();
        const page = cursor ? and(where, keysetAfter(keys, cursor)) : where;
        const rows = await selectRows(b, ctx.db, page, { order, limit: Math.min(chunk, total - done), cursor: keys });
        if (rows.length === 0) break;
        const last = rows.at(-1)!;
        cursor = keys.map((_k, i) => last[`__k${i}`] as string | null);
        const cells = await cellsOf(ctx, fields, await shownRows(ctx, m, b, rows));
        if (ws) for (const line of cells) ws.addRow(line).commit();
        else await write(cells.map((line) => line.map(csvCell).join(',')).join('\r\n') + '\r\n');
        done += rows.length;
        run.progress(done, total);
      }
      if (wb) {
        ws!.commit();
        await wb.commit();
      } else {
        stream.end();
      }
      await closed;
      const contentType = params.format === 'csv' ? 'text/csv; charset=utf-8' : XLSX_TYPE;
      const bytes = await run.files.store(out, contentType);
      const day = new Date(run.app.clock.now()).toISOString().slice(0, 10).replaceAll('-', '');
      return {
        rows: done,
        file: { key: out.key, name: `${b.def.name}-${day}.${params.format}`, contentType, bytes },
      };
    } catch (err) {
      await run.files.discard(out);
      throw err;
    }
  };

export const exportJob = exportHandler();
