import { createReadStream, createWriteStream, type ReadStream, type WriteStream } from 'node:fs';
import { mkdir, rm, stat } from 'node:fs/promises';
import { randomUUID } from 'node:crypto';
import { join, resolve } from 'node:path';

/**
 * Where job files are written: DATA_DIR/jobs, one random name each. Files are streamed to disk
 * while a job runs (a 100,000-row export never sits in memory whole) and streamed back on download.
 */
export class JobFiles {
  private readonly dir: string;

  constructor(dataDir: string) {
    this.dir = resolve(dataDir, 'jobs');
  }

  async create(ext: string): Promise<{ key: string; stream: WriteStream }> {
    await mkdir(this.dir, { recursive: true });
    const key = `${randomUUID()}.${ext}`;
    return { key, stream: createWriteStream(this.path(key)) };
  }

  async size(key: string): Promise<number> {
    return (await stat(this.path(key))).size;
  }

  open(key: string): ReadStream {
    return createReadStream(this.path(key));
  }

  async remove(key: string): Promise<void> {
    await rm(this.path(key), { force: true });
  }

  private path(key: string): string {
    // Keys are our own UUID names; refuse anything else rather than trust a stored value.
    if (!/^[0-9a-f-]{36}\.[a-z]{3,4}$/.test(key)) throw new Error(`bad job file key ${key}`);
    return join(this.dir, key);
  }
}
