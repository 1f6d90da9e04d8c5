import { once } from 'node:events';
import { IMPORT_JOB_ERRORS_SHOWN, type ImportJobReport } from '../../shared/jobs';
import type { ImportReport } from '../../shared/resources/list';
import { csvCell, importLines, readImport, type ImportFormat } from '../engine/files';
import { bindingFor } from '../engine/registry';
import type { Ctx } from '../engine/types';
import { guardWrite } from '../engine/write';
import { JobError, type JobHandler, type JobResult } from './runner';

interface ImportParams {
  resource: { kind: string; name: string };
  /** The upload's key in the job files; removed once the job has read it. */
  upload: string;
  format: ImportFormat;
  /** The name the user's file had, for the error file's name. */
  fileName: string;
}

/**
 * The import of an uploaded CSV or XLSX as a job: rows are read against the header like the
 * synchronous import (engine/files.ts), each added in its own transaction with the scope of the
 * user who queued it; progress moves every 100 rows. The result holds the counts and the first
 * errors; when rows failed, a CSV of every failed row number and its messages is the job's file.
 * A file that cannot be read (format, headings, too many rows) fails the job with its message key.
 */
export const importJob: JobHandler = async (job, run) => {
  const params = job.params as ImportParams;
  const b = bindingFor(params.resource.kind, params.resource.name);
  if (!b) throw new Error(`no resource ${params.resource.kind}/${params.resource.name}`);
  const ctx: Ctx = { app: run.app, db: run.app.db, scope: run.scope };
  try {
    const buf = await readUpload(run, params.upload);
    if (!buf) throw new JobError('importFileGone');
    guardWrite(ctx, b, 'import');
    const lines = await readImport(b, buf, params.format);
    run.progress(0, lines.length);
    const report = await importLines(ctx, b, lines, {
      signal: run.signal,
      onProgress: (done) => run.progress(done, lines.length),
    });
    const result: ImportJobReport = {
      total: report.total,
      imported: report.imported,
      failed: report.errors.length,
      errors: report.errors.slice(0, IMPORT_JOB_ERRORS_SHOWN),
    };
    const out: JobResult = { rows: report.imported, result: { ...result } };
    if (report.errors.length) out.file = await errorFile(run, report, params.fileName);
    return out;
  } finally {
    await run.files
      .remove(params.upload)
      .catch((err: unknown) => run.app.log.warn({ err, jobId: job.id }, 'import upload not removed'));
  }
};

/**
 * The upload, which the route stored a moment ago (possibly on another replica). Some
 * S3-compatible servers (s3rver, which the tests use) answer a PUT before the object can be
 * read, so a miss is asked again for about a second before the job gives up.
 */
async function readUpload(run: Parameters<JobHandler>[1], key: string): Promise<Buffer | undefined> {
  for (let i = 0; ; i++) {
    const buf = await run.files.read(key);
    if (buf || i >= 5) return buf;
    await new Promise((r) => setTimeout(r, 200));
  }
}

/** Every failed row: its number in the uploaded file and its messages (CSV, like the exports). */
async function errorFile(
  run: Parameters<JobHandler>[1],
  report: ImportReport,
  uploaded: string,
): Promise<JobResult['file']> {
  const out = await run.files.create('csv');
  try {
    const closed = once(out.stream, 'close');
    const write = async (text: string) => {
      if (!out.stream.write(text)) await once(out.stream, 'drain');
    };
    await write(`\uFEFF${['行号', '错误'].map(csvCell).join(',')}\r\n`);
    for (const e of report.errors) await write(`${e.row},${csvCell(e.messages.join('; '))}\r\n`);
    out.stream.end();
    await closed;
    const contentType = 'text/csv; charset=utf-8';
    const bytes = await run.files.store(out, contentType);
    const base = uploaded.replace(/\.[^.]*$/, '') || 'import';
    return { key: out.key, name: `${base}-errors.csv`, contentType, bytes };
  } catch (err) {
    await run.files.discard(out);
    throw err;
  }
}
