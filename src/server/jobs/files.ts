import { createReadStream, createWriteStream, type WriteStream } from 'node:fs';
import { mkdir, readdir, rm, stat } from 'node:fs/promises';
import { randomUUID } from 'node:crypto';
import { join, resolve } from 'node:path';
import { buffer } from 'node:stream/consumers';
import type { Storage, StoredObject } from '../storage';

/** A job file while its job writes it: a temp file on this instance's disk, and its storage key. */
interface JobFile {
  key: string;
  path: string;
  stream: WriteStream;
}

/** Our job file keys: never an upload's name, so a stored key cannot reach one. */
const JOB_KEY = /^job-[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}\.[a-z]{3,4}$/;
/** Keys written before job files moved to the storage (DATA_DIR/jobs); gone within a day. */
const LEGACY_KEY = /^[0-9a-f-]{36}\.[a-z]{3,4}$/;

/**
 * Job files (export results, import uploads, error reports) in `app.storage`: the local disk
 * or the S3-compatible bucket of STORAGE_URL, so any instance serves a file another one wrote.
 * A job streams its output to a temp file under DATA_DIR/jobs (a 100,000-row export never sits
 * in memory whole) and `store` streams that file to the storage; downloads stream back from it.
 */
export class JobFiles {
  private readonly dir: string;

  constructor(
    private readonly storage: Storage,
    dataDir: string,
  ) {
    this.dir = resolve(dataDir, 'jobs');
  }

  /** A fresh key for a file of this extension. */
  newKey(ext: string): string {
    return `job-${randomUUID()}.${ext}`;
  }

  /** A temp file to write; `store` it when written and closed, `discard` it on failure. */
  async create(ext: string): Promise<JobFile> {
    await mkdir(this.dir, { recursive: true });
    const key = this.newKey(ext);
    const path = join(this.dir, key);
    return { key, path, stream: createWriteStream(path, { flags: 'wx' }) };
  }

  /** Streams a written temp file to the storage under its key, removes it, answers its size. */
  async store(file: JobFile, contentType: string): Promise<number> {
    try {
      const { size } = await stat(file.path);
      await this.storage.putStream(file.key, createReadStream(file.path), size, contentType);
      return size;
    } finally {
      await rm(file.path, { force: true });
    }
  }

  async discard(file: JobFile): Promise<void> {
    file.stream.destroy();
    await rm(file.path, { force: true });
  }

  /** A small file kept whole (an import upload, at most MAX_IMPORT_BYTES). */
  async put(key: string, bytes: Buffer, contentType: string): Promise<void> {
    this.check(key);
    await this.storage.put(key, bytes, contentType);
  }

  /** A small stored file read back whole; undefined when it is gone. */
  async read(key: string): Promise<Buffer | undefined> {
    const found = await this.open(key);
    return found && buffer(found.body);
  }

  /** The stored file as a stream; undefined when it is gone (expired, deleted, or never stored). */
  async open(key: string): Promise<StoredObject | undefined> {
    if (!JOB_KEY.test(key)) return undefined;
    return this.storage.get(key);
  }

  async remove(key: string): Promise<void> {
    if (LEGACY_KEY.test(key)) return rm(join(this.dir, key), { force: true });
    this.check(key);
    await this.storage.delete(key);
  }

  /** Temp files older than `ms` (left by a process that died mid-job). */
  async removeStaleTemp(now: number, ms: number): Promise<void> {
    const names = await readdir(this.dir).catch(() => [] as string[]);
    for (const name of names) {
      const path = join(this.dir, name);
      const found = await stat(path).catch(() => null);
      if (found?.isFile() && found.mtimeMs < now - ms) await rm(path, { force: true });
    }
  }

  private check(key: string): void {
    // Keys are our own names; refuse anything else rather than trust a stored value.
    if (!JOB_KEY.test(key)) throw new Error(`bad job file key ${key}`);
  }
}
