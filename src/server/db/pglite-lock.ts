import { closeSync, mkdirSync, openSync, readFileSync, unlinkSync, writeSync } from 'node:fs';
import { join, resolve } from 'node:path';

/** A second process opening the same PGlite directory; the message is meant for the console as is. */
export class DataDirLockedError extends Error {
  override name = 'DataDirLockedError';
}

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    // EPERM: the process exists but belongs to someone else.
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/**
 * Takes `${dataDir}/pglite.lock` (created exclusively, holding our pid). PGlite has no
 * multi-process support, so two writers would corrupt the directory. A lock left by a dead
 * process is taken over. Returns the release function.
 */
export function lockDataDir(dataDir: string): () => void {
  mkdirSync(dataDir, { recursive: true });
  const file = join(dataDir, 'pglite.lock');
  for (let attempt = 0; attempt < 3; attempt++) {
    try {
      const fd = openSync(file, 'wx');
      writeSync(fd, String(process.pid));
      closeSync(fd);
      return () => {
        try {
          if (readFileSync(file, 'utf8').trim() === String(process.pid)) unlinkSync(file);
        } catch {
          // already gone
        }
      };
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
    }
    let pid = NaN;
    try {
      pid = Number.parseInt(readFileSync(file, 'utf8').trim(), 10);
    } catch {
      continue; // removed between our open and read: try again
    }
    if (Number.isInteger(pid) && pid > 0 && alive(pid)) {
      throw new DataDirLockedError(
        `The database in ${resolve(dataDir)} is already open in another process (pid ${pid}). ` +
          'Stop that process or set DATA_DIR to another directory.',
      );
    }
    try {
      unlinkSync(file); // stale lock of a dead process
    } catch {
      // another starter removed it first
    }
  }
  throw new DataDirLockedError(`Could not take the lock ${file}; remove it if no service is running.`);
}
