import { Readable } from 'node:stream';
import ExcelJS from 'exceljs';
import { Code } from '../../shared/api';
import { codeLabel } from '../../shared/codes';
import { MESSAGES, isMsgKey } from '../../shared/messages';
import type { FieldDef } from '../../shared/resources';
import { isBadText } from '../../shared/text';
import { MAX_EXPORT_ROWS, MAX_IMPORT_ROWS, type ImportReport, type ListQuery } from '../../shared/resources/list';
import { formSchema, isEditable } from '../../shared/resources/schema';
import { tenantForWrite } from '../db/scope';
import { ApiError, fail } from '../lib/api-error';
import { listOrder, listWhere, selectRows } from './query';
import { refIdsByLabel, refLabels } from './refs';
import { addRow } from './write';
import type { Binding, Ctx, Row } from './types';

export interface ExportFile {
  body: Buffer;
  contentType: string;
  filename: string;
}

export type Cell = string | number | null;

export const exportFields = (b: Binding) => b.def.fields.filter((f) => f.list !== false && !f.writeOnly);

/** Spreadsheet apps run cells starting with these as formulas; a leading quote defuses them. */
const defuse = (s: string) => (/^[=+\-@\t\r]/.test(s) ? `'${s}` : s);

export async function cellsOf(ctx: Ctx, fields: FieldDef[], rows: Row[]): Promise<Cell[][]> {
  const labels = new Map<string, Map<number, string>>();
  for (const f of fields) {
    if (f.type !== 'ref' && f.type !== 'refs') continue;
    const ids = rows.flatMap((r) => (f.type === 'refs' ? ((r[f.name] as number[] | undefined) ?? []) : [r[f.name] as number])).filter((v) => typeof v === 'number');
    labels.set(f.name, await refLabels(ctx, f, ids));
  }
  return rows.map((r) =>
    fields.map((f): Cell => {
      const v = r[f.name];
      if (v === null || v === undefined) return null;
      switch (f.type) {
        case 'code':
          return codeLabel(f.codes ?? [], v as number | string);
        case 'ref':
          return labels.get(f.name)?.get(v as number) ?? (v === 0 ? null : String(v));
        case 'refs':
          return (v as number[]).length ? (v as number[]).map((id) => labels.get(f.name)?.get(id) ?? String(id)).join(',') : null;
        case 'boolean':
          return v ? '是' : '否';
        case 'integer':
        case 'decimal':
          return Number(v);
        default:
          return defuse(String(v));
      }
    }),
  );
}

export const csvCell = (c: Cell) => {
  const s = c === null ? '' : String(c);
  return /[",\r\n]/.test(s) ? `"${s.replaceAll('"', '""')}"` : s;
};

/** A spreadsheet column about as wide as the console's table column. */
export const columnWidth = (f: FieldDef) => Math.max(10, Math.round((f.list ? (f.list.width ?? 100) : 100) / 7));

/** The list (same filters, keyword and sort) as a file: Chinese labels as headers, codes and refs as names. */
export async function exportRows(ctx: Ctx, b: Binding, q: Pick<ListQuery, 'filters' | 'keyword' | 'sort'> & { format: 'csv' | 'xlsx' }): Promise<ExportFile> {
  const fields = exportFields(b);
  const rows = await selectRows(b, ctx.db, listWhere(b, ctx.scope, q), { order: listOrder(b, q.sort), limit: MAX_EXPORT_ROWS });
  const header = fields.map((f) => f.label.message);
  const cells = await cellsOf(ctx, fields, rows);
  const day = new Date(ctx.app.clock.now()).toISOString().slice(0, 10).replaceAll('-', '');
  const filename = `${b.def.name}-${day}.${q.format}`;
  if (q.format === 'csv') {
    const text = [header, ...cells].map((line) => line.map(csvCell).join(',')).join('\r\n');
    // The BOM makes Excel read the file as UTF-8 (Chinese headers otherwise garble).
    return { body: Buffer.from(`\uFEFF${text}\r\n`, 'utf8'), contentType: 'text/csv; charset=utf-8', filename };
  }
  const wb = new ExcelJS.Workbook();
  const ws = wb.addWorksheet(b.def.label.message);
  ws.addRow(header);
  ws.getRow(1).font = { bold: true };
  for (const line of cells) ws.addRow(line);
  ws.columns.forEach((c, i) => (c.width = columnWidth(fields[i]!)));
  const body = Buffer.from(await wb.xlsx.writeBuffer());
  return { body, contentType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', filename };
}

/** A cell as exceljs reads it, reduced to text, number or null. */
function cellValue(v: ExcelJS.CellValue): string | number | null {
  if (v === null || v === undefined) return null;
  if (typeof v === 'number') return v;
  if (typeof v === 'string') return v.trim() === '' ? null : v.trim();
  if (typeof v === 'boolean') return v ? 1 : 0;
  if (v instanceof Date) return v.toISOString();
  if (typeof v === 'object') {
    if ('richText' in v) return v.richText.map((t) => t.text).join('').trim() || null;
    if ('text' in v) return String(v.text).trim() || null;
    if ('result' in v) return cellValue(v.result as ExcelJS.CellValue);
  }
  return String(v as unknown);
}

const splitNames = (s: string) => s.split(/[,，、;；]/).map((x) => x.trim()).filter(Boolean);

/** A sheet cell converted to what the add schema expects; names of refs resolved in the row's tenant. */
async function fieldInput(ctx: Ctx, f: FieldDef, raw: string | number, tenantId: number, errors: string[]): Promise<unknown> {
  const text = String(raw).trim();
  switch (f.type) {
    case 'integer':
    case 'decimal':
      return typeof raw === 'number' ? raw : text !== '' && !Number.isNaN(Number(text)) ? Number(text) : text;
    case 'code': {
      const hit = (f.codes ?? []).find((c) => String(c.value) === text || c.cn === text || c.en.toLowerCase() === text.toLowerCase());
      return hit ? hit.value : text;
    }
    case 'boolean':
      return ['1', 'true', '是', 'yes'].includes(text.toLowerCase());
    case 'ref':
    case 'refs': {
      const names = f.type === 'ref' ? [text] : splitNames(text);
      const byName = await refIdsByLabel(ctx, f, names.filter((n) => !/^\d+$/.test(n)), ctx.scope, tenantId);
      const ids = names.map((n) => (/^\d+$/.test(n) ? Number(n) : byName.get(n)));
      if (ids.some((id) => id === undefined)) {
        errors.push(`${f.label.message}: ${MESSAGES.refInvalid}`);
        return undefined;
      }
      return f.type === 'ref' ? ids[0] : ids;
    }
    default:
      return text;
  }
}

const isXlsx = (buf: Buffer) => buf.length > 4 && buf[0] === 0x50 && buf[1] === 0x4b && buf[2] === 0x03 && buf[3] === 0x04;

type Line = { row: number; cells: Map<FieldDef, string | number> };

/**
 * The first sheet's rows by header, read as a stream (docs/security.md "Import"): the reader
 * stops at the row cap, so a huge workbook costs the rows up to it, not the whole file in memory.
 */
async function readSheet(buf: Buffer, editable: readonly FieldDef[]): Promise<Line[]> {
  const reader = new ExcelJS.stream.xlsx.WorkbookReader(Readable.from([buf]), { sharedStrings: 'cache', hyperlinks: 'ignore', styles: 'ignore', worksheets: 'emit', entries: 'emit' });
  const lines: Line[] = [];
  const byHeader = new Map<number, FieldDef>();
  let tooLarge = false;
  try {
    for await (const sheet of reader) {
      for await (const row of sheet as AsyncIterable<ExcelJS.Row>) {
        if (row.number === 1) {
          row.eachCell((cell, col) => {
            const h = String(cellValue(cell.value) ?? '');
            const f = editable.find((x) => x.label.message === h || x.name === h);
            if (f) byHeader.set(col, f);
          });
          continue;
        }
        const cells = new Map<FieldDef, string | number>();
        for (const [col, f] of byHeader) {
          const v = cellValue(row.getCell(col).value);
          if (v !== null) cells.set(f, v);
        }
        if (!cells.size) continue;
        if (lines.length >= MAX_IMPORT_ROWS) {
          tooLarge = true;
          break;
        }
        lines.push({ row: row.number, cells });
      }
      break; // the first sheet only
    }
  } catch {
    fail(Code.BAD_REQUEST, 'fileFormat');
  }
  if (tooLarge) fail(Code.BAD_REQUEST, 'tooLarge');
  if (!byHeader.size) fail(Code.BAD_REQUEST, 'fileFormat');
  return lines;
}

/** Validates every row like `add` and inserts the good ones; bad rows come back with their sheet row number. */
export async function importRows(ctx: Ctx, b: Binding, buf: Buffer): Promise<ImportReport> {
  if (!isXlsx(buf)) fail(Code.BAD_REQUEST, 'fileFormat');
  const lines = await readSheet(buf, b.def.fields.filter((f) => isEditable(f, 'add')));

  const schema = formSchema(b.def, 'add');
  const report: ImportReport = { total: lines.length, imported: 0, errors: [] };
  const label = (name: string) => b.def.fields.find((f) => f.name === name)?.label.message ?? name;
  for (const line of lines) {
    const messages: string[] = [];
    const input: Row = {};
    const tenantField = [...line.cells.keys()].find((f) => f.name === 'tenantId');
    if (tenantField) input.tenantId = await fieldInput(ctx, tenantField, line.cells.get(tenantField)!, ctx.scope.tenantId, messages);
    const tenantId = tenantForWrite(ctx.scope, typeof input.tenantId === 'number' ? input.tenantId : null);
    for (const [f, raw] of line.cells) {
      if (typeof raw === 'string' && isBadText(raw)) messages.push(`${label(f.name)}: ${MESSAGES.textInvalid}`);
      else if (f !== tenantField) input[f.name] = await fieldInput(ctx, f, raw, tenantId, messages);
    }
    const parsed = schema.safeParse(input);
    if (!parsed.success) {
      for (const issue of parsed.error.issues) {
        const text = isMsgKey(issue.message) ? MESSAGES[issue.message] : issue.message;
        messages.push(`${label(String(issue.path[0] ?? ''))}: ${text}`);
      }
    }
    if (!messages.length && parsed.success) {
      try {
        await addRow(ctx, b, parsed.data as Row);
        report.imported++;
        continue;
      } catch (err) {
        if (!(err instanceof ApiError)) throw err;
        messages.push(err.message);
      }
    }
    report.errors.push({ row: line.row, messages: [...new Set(messages)] });
  }
  return report;
}
