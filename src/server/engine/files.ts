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
import { csvRecords, csvText } from './csv';
import { maskingOf, refuseHiddenQuery, shownRows } from './masking';
import { listOrder, listWhere, selectRows } from './query';
import { refIdsByLabel, refLabels } from './refs';
import { addRow } from './write';
import type { Binding, Ctx, Row } from './types';

interface ExportFile {
  body: Buffer;
  contentType: string;
  filename: string;
}

export type Cell = string | number | null;

export const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

export const exportFields = (b: Binding) => b.def.fields.filter((f) => f.list !== false && !f.writeOnly);

/** Spreadsheet apps run cells starting with these as formulas; a leading quote defuses them. */
export const defuse = (s: string) => (/^[=+\-@\t\r]/.test(s) ? `'${s}` : s);

export async function cellsOf(ctx: Ctx, fields: FieldDef[], rows: Row[]): Promise<Cell[][]> {
  const labels = new Map<string, Map<number, string>>();
  for (const f of fields) {
    if (f.type !== 'ref' && f.type !== 'refs') continue;
    const ids = rows
      .flatMap((r) => (f.type === 'refs' ? ((r[f.name] as number[] | undefined) ?? []) : [r[f.name] as number]))
      .filter((v) => typeof v === 'number');
    labels.set(f.name, await refLabels(ctx, f, ids));
  }
  return rows.map((r) =>
    fields.map((f): Cell => {
      const v = r[f.name];
      if (v === null || v === undefined) return null;
      switch (f.type) {
        case 'code':
          if (Array.isArray(v)) return v.map((c: number | string) => codeLabel(f.codes ?? [], c)).join(',');
          return codeLabel(f.codes ?? [], v as number | string);
        case 'ref':
          return labels.get(f.name)?.get(v as number) ?? (v === 0 ? null : String(v));
        case 'refs':
          return (v as number[]).length
            ? (v as number[]).map((id) => labels.get(f.name)?.get(id) ?? String(id)).join(',')
            : null;
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
export async function exportRows(
  ctx: Ctx,
  b: Binding,
  q: Pick<ListQuery, 'filters' | 'keyword' | 'sort'> & { format: 'csv' | 'xlsx' },
): Promise<ExportFile> {
  const fields = exportFields(b);
  // Masked like the list: a file is a list too.
  const m = await maskingOf(ctx, b);
  refuseHiddenQuery(m, q);
  const rows = await selectRows(b, ctx.db, listWhere(b, ctx.scope, q, m.hidden), {
    order: listOrder(b, q.sort),
    limit: MAX_EXPORT_ROWS,
  });
  const header = fields.map((f) => f.label.message);
  const cells = await cellsOf(ctx, fields, await shownRows(ctx, m, b, rows));
  const day = new Date(ctx.app.clock.now()).toISOString().slice(0, 10).replaceAll('-', '');
  return tableFile(
    { name: `${b.def.name}-${day}`, sheet: b.def.label.message, header, cells, widths: fields.map(columnWidth) },
    q.format,
  );
}

/** A header row and cells as a CSV (with BOM) or XLSX file: the engine's export and the dashboards' panels. */
export async function tableFile(
  t: { name: string; sheet: string; header: string[]; cells: Cell[][]; widths?: number[] },
  format: 'csv' | 'xlsx',
): Promise<ExportFile> {
  const filename = `${t.name}.${format}`;
  if (format === 'csv') {
    const text = [t.header, ...t.cells].map((line) => line.map(csvCell).join(',')).join('\r\n');
    // The BOM makes Excel read the file as UTF-8 (Chinese headers otherwise garble).
    return { body: Buffer.from(`\uFEFF${text}\r\n`, 'utf8'), contentType: 'text/csv; charset=utf-8', filename };
  }
  const wb = new ExcelJS.Workbook();
  const ws = wb.addWorksheet(t.sheet);
  ws.addRow(t.header);
  ws.getRow(1).font = { bold: true };
  for (const line of t.cells) ws.addRow(line);
  ws.columns.forEach((c, i) => (c.width = t.widths?.[i] ?? 14));
  const body = Buffer.from(await wb.xlsx.writeBuffer());
  return { body, contentType: XLSX_TYPE, filename };
}

/** A cell as exceljs reads it, reduced to text, number or null. */
function cellValue(v: ExcelJS.CellValue): string | number | null {
  if (v === null || v === undefined) return null;
  if (typeof v === 'number') return v;
  if (typeof v === 'string') return v.trim() === '' ? null : v.trim();
  if (typeof v === 'boolean') return v ? 1 : 0;
  if (v instanceof Date) return v.toISOString();
  if (typeof v === 'object') {
    if ('richText' in v)
      return (
        v.richText
          .map((t) => t.text)
          .join('')
          .trim() || null
      );
    if ('text' in v) return String(v.text).trim() || null;
    if ('result' in v) return cellValue(v.result as ExcelJS.CellValue);
  }
  return String(v as unknown);
}

const splitNames = (s: string) =>
  s
    .split(/[,，、;；]/)
    .map((x) => x.trim())
    .filter(Boolean);

/** A sheet cell converted to what the add schema expects; names of refs resolved in the row's tenant. */
async function fieldInput(
  ctx: Ctx,
  f: FieldDef,
  raw: string | number,
  tenantId: number,
  errors: string[],
): Promise<unknown> {
  const text = String(raw).trim();
  switch (f.type) {
    case 'integer':
    case 'decimal':
      return typeof raw === 'number' ? raw : text !== '' && !Number.isNaN(Number(text)) ? Number(text) : text;
    case 'code': {
      const hit = (f.codes ?? []).find(
        (c) => String(c.value) === text || c.cn === text || c.en.toLowerCase() === text.toLowerCase(),
      );
      return hit ? hit.value : text;
    }
    case 'boolean':
      return ['1', 'true', '是', 'yes'].includes(text.toLowerCase());
    case 'ref':
    case 'refs': {
      const names = f.type === 'ref' ? [text] : splitNames(text);
      const byName = await refIdsByLabel(
        ctx,
        f,
        names.filter((n) => !/^\d+$/.test(n)),
        ctx.scope,
        tenantId,
      );
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

const isXlsx = (buf: Buffer) =>
  buf.length > 4 && buf[0] === 0x50 && buf[1] === 0x4b && buf[2] === 0x03 && buf[3] === 0x04;

export type ImportFormat = 'xlsx' | 'csv';

/** What an upload is by its bytes: an XLSX workbook (a ZIP), CSV text, or neither. */
export function importFormat(buf: Buffer): ImportFormat | undefined {
  if (isXlsx(buf)) return 'xlsx';
  return csvText(buf) === undefined ? undefined : 'csv';
}

/** One data row of an upload: its row number in the file (1 = the header) and its cells by field. */
type ImportLine = { row: number; cells: Map<FieldDef, string | number> };

/** Reads data rows against the header row; stops at MAX_IMPORT_ROWS (then fails with importTooManyRows). */
class LineReader {
  readonly lines: ImportLine[] = [];
  private readonly byHeader = new Map<number, FieldDef>();

  constructor(private readonly editable: readonly FieldDef[]) {}

  /** A data row, `cell(col)` for columns numbered from 1; false once the cap is passed. */
  add(row: number, cell: (col: number) => string | number | null): boolean {
    const cells = new Map<FieldDef, string | number>();
    for (const [col, f] of this.byHeader) {
      const v = cell(col);
      if (v !== null) cells.set(f, v);
    }
    if (!cells.size) return true;
    if (this.lines.length >= MAX_IMPORT_ROWS) return false;
    this.lines.push({ row, cells });
    return true;
  }

  header(col: number, text: string): void {
    const f = this.editable.find((x) => x.label.message === text || x.name === text);
    if (f) this.byHeader.set(col, f);
  }

  /** The rows read; fails when there were too many, when no heading named a field, or when none had data. */
  done(tooMany: boolean): ImportLine[] {
    if (tooMany) fail(Code.BAD_REQUEST, 'importTooManyRows');
    if (!this.byHeader.size) fail(Code.BAD_REQUEST, 'importHeaders');
    if (!this.lines.length) fail(Code.BAD_REQUEST, 'importNoRows');
    return this.lines;
  }
}

/**
 * The first sheet's rows by header, read as a stream (docs/security.md "Import"): the reader
 * stops at the row cap, so a huge workbook costs the rows up to it, not the whole file in memory.
 */
async function readSheet(buf: Buffer, editable: readonly FieldDef[]): Promise<ImportLine[]> {
  const reader = new ExcelJS.stream.xlsx.WorkbookReader(Readable.from([buf]), {
    sharedStrings: 'cache',
    hyperlinks: 'ignore',
    styles: 'ignore',
    worksheets: 'emit',
    entries: 'emit',
  });
  const lines = new LineReader(editable);
  let tooMany = false;
  try {
    for await (const sheet of reader) {
      for await (const row of sheet as AsyncIterable<ExcelJS.Row>) {
        if (row.number === 1) {
          row.eachCell((cell, col) => lines.header(col, String(cellValue(cell.value) ?? '')));
          continue;
        }
        if (!lines.add(row.number, (col) => cellValue(row.getCell(col).value))) {
          tooMany = true;
          break;
        }
      }
      break; // the first sheet only
    }
  } catch {
    fail(Code.BAD_REQUEST, 'importFormat');
  }
  return lines.done(tooMany);
}

/** The records of a CSV upload by header, numbered as a spreadsheet app shows them (1 = header). */
function readCsv(buf: Buffer, editable: readonly FieldDef[]): ImportLine[] {
  const text = csvText(buf) ?? fail(Code.BAD_REQUEST, 'importFormat');
  const lines = new LineReader(editable);
  let n = 0;
  for (const record of csvRecords(text)) {
    n++;
    if (n === 1) {
      record.forEach((h, i) => lines.header(i + 1, h.trim()));
      continue;
    }
    if (!lines.add(n, (col) => cellValue(record[col - 1] ?? null))) return lines.done(true);
  }
  return lines.done(false);
}

/** The data rows of an upload of this format, checked against the add form's fields. */
export async function readImport(b: Binding, buf: Buffer, format: ImportFormat): Promise<ImportLine[]> {
  const editable = b.def.fields.filter((f) => isEditable(f, 'add'));
  return format === 'xlsx' ? readSheet(buf, editable) : readCsv(buf, editable);
}

interface ImportProgress {
  /** Rows between reports (and abort checks). */
  every?: number;
  signal?: AbortSignal;
  /** Called after every `every` rows and at the end, with the report so far. */
  onProgress?(done: number, report: ImportReport): void;
}

/**
 * Validates every row like `add` and inserts the good ones, each in its own transaction (one
 * bad row never undoes the others); bad rows come back with their row number and messages.
 */
export async function importLines(
  ctx: Ctx,
  b: Binding,
  lines: readonly ImportLine[],
  progress: ImportProgress = {},
): Promise<ImportReport> {
  const schema = formSchema(b.def, 'add');
  const report: ImportReport = { total: lines.length, imported: 0, errors: [] };
  const every = progress.every ?? 100;
  const label = (name: string) => b.def.fields.find((f) => f.name === name)?.label.message ?? name;
  let done = 0;
  for (const line of lines) {
    if (done % every === 0) {
      progress.signal?.throwIfAborted();
      if (done > 0) progress.onProgress?.(done, report);
    }
    done++;
    const messages = await importLine(ctx, b, schema, label, line);
    if (messages) report.errors.push({ row: line.row, messages });
    else report.imported++;
  }
  progress.onProgress?.(done, report);
  return report;
}

/** One row: undefined when it was added, else its messages. */
async function importLine(
  ctx: Ctx,
  b: Binding,
  schema: ReturnType<typeof formSchema>,
  label: (name: string) => string,
  line: ImportLine,
): Promise<string[] | undefined> {
  const messages: string[] = [];
  const input: Row = {};
  const tenantField = [...line.cells.keys()].find((f) => f.name === 'tenantId');
  if (tenantField)
    input.tenantId = await fieldInput(ctx, tenantField, line.cells.get(tenantField)!, ctx.scope.tenantId, messages);
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
      return undefined;
    } catch (err) {
      if (!(err instanceof ApiError)) throw err;
      messages.push(err.message);
    }
  }
  return [...new Set(messages)];
}

/** The synchronous import (`/import`): a CSV or XLSX upload read and imported within the request. */
export async function importRows(ctx: Ctx, b: Binding, buf: Buffer): Promise<ImportReport> {
  const format = importFormat(buf) ?? fail(Code.BAD_REQUEST, 'importFormat');
  return importLines(ctx, b, await readImport(b, buf, format));
}
