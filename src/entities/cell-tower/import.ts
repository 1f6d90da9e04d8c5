import { createInterface } from 'node:readline';
import type { Readable } from 'node:stream';
import { createGunzip } from 'node:zlib';
import { sql } from 'drizzle-orm';
import type { Db } from '../../server/db/driver';
import { JobError, type JobHandler } from '../../server/jobs/runner';
import { IMPORT_JOB_ERRORS_SHOWN, type ImportJobReport } from '../../shared/jobs';
import { CELL_RADIO_TABLE } from './resource';
import { cellTowers } from './table';

/** The job kind of an OpenCellID import (registered in src/server/plugins/jobs.ts). */
export const CELL_TOWER_IMPORT_JOB = 'cellTowerImport';

export interface CellTowerImportParams {
  resource: { kind: 'device'; name: 'cellTower' };
  /** The upload's key in the job files; removed once read. */
  upload: string;
  /** The upload began with gzip's magic bytes (a .csv.gz as OpenCellID serves it). */
  gzip: boolean;
}

/** Rows per statement: 2,000 rows of 10 values stay well under PostgreSQL's 65,535 parameters. */
const CELL_BATCH = 2_000;

/**
 * OpenCellID's column order: the full export (cell_towers.csv.gz) has this header line, the
 * per-country files have none and the same order.
 */
const OPENCELLID_COLUMNS = [
  'radio',
  'mcc',
  'net',
  'area',
  'cell',
  'unit',
  'lon',
  'lat',
  'range',
  'samples',
  'changeable',
  'created',
  'updated',
  'averageSignal',
];
const NEEDED = ['radio', 'mcc', 'net', 'area', 'cell', 'lon', 'lat', 'range'] as const;
const RADIOS = new Set(CELL_RADIO_TABLE.map((r) => r.value));

type CellTowerRow = typeof cellTowers.$inferInsert;

/** Where each column sits, from a header line; undefined when the line is no header (data from the first line on). */
function headerColumns(line: string): Map<string, number> | undefined {
  const cols = line.split(',').map((c) => c.trim().replace(/^"|"$/g, ''));
  if (!NEEDED.every((n) => cols.includes(n))) return undefined;
  return new Map(cols.map((c, i) => [c, i]));
}

const DEFAULT_COLUMNS = new Map(OPENCELLID_COLUMNS.map((c, i) => [c, i]));

/** An integer within [min, max] from a CSV cell, else undefined. */
function int(cell: string | undefined, min: number, max: number): number | undefined {
  if (cell === undefined || !/^\s*-?\d+\s*$/.test(cell)) return undefined;
  const n = Number(cell);
  return n >= min && n <= max ? n : undefined;
}

function num(cell: string | undefined, min: number, max: number): number | undefined {
  if (cell === undefined || cell.trim() === '') return undefined;
  const n = Number(cell);
  return Number.isFinite(n) && n >= min && n <= max ? n : undefined;
}

/** One data line as a table row, or the reason it cannot be read. */
function parseCellLine(line: string, cols: Map<string, number>): CellTowerRow | string {
  const cells = line.split(',');
  const at = (name: string) => {
    const i = cols.get(name);
    return i === undefined ? undefined : cells[i];
  };
  const radio = at('radio')?.trim().toUpperCase();
  if (!radio || !RADIOS.has(radio)) return 'radio';
  const mcc = int(at('mcc'), 0, 999);
  const net = int(at('net'), 0, 999);
  const area = int(at('area'), 0, 0xffffffff);
  const cell = int(at('cell'), 0, 0xffffffffff);
  if (mcc === undefined || net === undefined || area === undefined || cell === undefined) return 'cell id';
  const lon = num(at('lon'), -180, 180);
  const lat = num(at('lat'), -90, 90);
  if (lon === undefined || lat === undefined) return 'position';
  const range = int(at('range'), 0, 2_000_000_000);
  if (range === undefined) return 'range';
  const samples = int(at('samples'), 0, 2_000_000_000) ?? null;
  const seconds = int(at('updated'), 0, 32_503_680_000);
  return {
    radio,
    mcc,
    net,
    area,
    cell,
    lon,
    lat,
    range,
    samples,
    updated: seconds === undefined ? null : new Date(seconds * 1000),
  };
}

/**
 * Upserts rows on (mcc, net, area, cell). A key twice in one statement would be refused by
 * PostgreSQL ("cannot affect row a second time"): the later line wins, as it would across batches.
 */
async function upsertCells(db: Db, rows: CellTowerRow[]): Promise<void> {
  const byKey = new Map(rows.map((r) => [`${r.mcc}:${r.net}:${r.area}:${r.cell}`, r]));
  await db
    .insert(cellTowers)
    .values([...byKey.values()])
    .onConflictDoUpdate({
      target: [cellTowers.mcc, cellTowers.net, cellTowers.area, cellTowers.cell],
      set: {
        radio: sql`excluded.radio`,
        lon: sql`excluded.lon`,
        lat: sql`excluded.lat`,
        range: sql`excluded.range`,
        samples: sql`excluded.samples`,
        updated: sql`excluded.updated`,
      },
    });
}

interface CellImportProgress {
  /** Bytes of the stored upload read so far. */
  read: number;
  imported: number;
}

/**
 * Reads an OpenCellID CSV (plain or gzip) line by line and upserts it in batches of CELL_BATCH.
 * Lines that cannot be read are counted with the first IMPORT_JOB_ERRORS_SHOWN line numbers;
 * they never stop the import. A broken gzip stream does (JobError importFormat).
 */
async function importCellStream(
  db: Db,
  body: Readable,
  gzip: boolean,
  opts: { signal?: AbortSignal; onProgress?: (p: CellImportProgress) => void } = {},
): Promise<ImportJobReport> {
  let read = 0;
  body.on('data', (chunk: Buffer) => (read += chunk.length));
  const input = gzip ? body.pipe(createGunzip()) : body;
  // pipe() does not forward errors: a broken gzip stream or storage read ends the reading loop.
  body.on('error', (err) => input.destroy(err));
  const lines = createInterface({ input, crlfDelay: Infinity });
  const report: ImportJobReport = { total: 0, imported: 0, failed: 0, errors: [] };
  let cols: Map<string, number> | undefined;
  let batch: CellTowerRow[] = [];
  const flush = async () => {
    if (!batch.length) return;
    await upsertCells(db, batch);
    report.imported += batch.length;
    batch = [];
    opts.onProgress?.({ read, imported: report.imported });
  };
  let lineNo = 0;
  try {
    for await (const line of lines) {
      lineNo++;
      if (!cols) {
        cols = headerColumns(line);
        if (cols) continue;
        cols = DEFAULT_COLUMNS;
      }
      if (!line.trim()) continue;
      report.total++;
      const row = parseCellLine(line, cols);
      if (typeof row === 'string') {
        report.failed++;
        if (report.errors.length < IMPORT_JOB_ERRORS_SHOWN) report.errors.push({ row: lineNo, messages: [row] });
        continue;
      }
      batch.push(row);
      if (batch.length >= CELL_BATCH) {
        opts.signal?.throwIfAborted();
        await flush();
      }
    }
  } catch (err) {
    if ((err as { code?: string }).code?.startsWith('Z_')) throw new JobError('importFormat');
    throw err;
  }
  await flush();
  return report;
}

/** The job: the stored upload streamed through importCellStream, progress in bytes of the upload. */
export const cellTowerImportJob: JobHandler = async (job, run) => {
  const params = job.params as CellTowerImportParams;
  try {
    const stored = await openUpload(run, params.upload);
    if (!stored) throw new JobError('importFileGone');
    run.progress(0, stored.size);
    const report = await importCellStream(run.app.db, stored.body, params.gzip, {
      signal: run.signal,
      onProgress: (p) => run.progress(p.read, stored.size),
    });
    // Cached misses may now be found.
    run.app.protocols.cells?.clear();
    return { rows: report.imported, result: { ...report } };
  } finally {
    await run.files
      .remove(params.upload)
      .catch((err: unknown) => run.app.log.warn({ err, jobId: job.id }, 'cell tower upload not removed'));
  }
};

/** The upload stored a moment ago, possibly on another replica: a miss is asked again for about a second (see jobs/import.ts). */
async function openUpload(run: Parameters<JobHandler>[1], key: string) {
  for (let i = 0; ; i++) {
    const found = await run.files.open(key);
    if (found || i >= 5) return found;
    await new Promise((r) => setTimeout(r, 200));
  }
}
