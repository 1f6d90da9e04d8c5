import { closeSync, mkdirSync, openSync, readFileSync, unlinkSync, writeSync } from 'node:fs';
import { join, resolve } from 'node:path';

/** A second process opening the same PGlite directory; the message is meant for the console as is. */
export class DataDirLockedError extends Error {
  override name = 'DataDirLockedError';
}

/** Who holds the lock: a pid alone is not enough, pids are reused (in a container, pid 1 every time). */
interface LockOwner {
  pid: number;
  /** This boot of the machine (Linux); a lock from an earlier boot is stale whatever its pid. */
  bootId?: string;
  /** When that pid's process started; another value means the pid now belongs to someone else. */
  startTime?: string;
}

function readProc(path: string): string | undefined {
  try {
    return readFileSync(path, 'utf8');
  } catch {
    return undefined; // not Linux, or no such process
  }
}

function startTimeOf(pid: number): string | undefined {
  const stat = readProc(`/proc/${pid}/stat`);
  // Field 22 (starttime, clock ticks after boot); the name in field 2 may hold spaces and ")".
  if (stat) return stat.slice(stat.lastIndexOf(')') + 2).split(' ')[19];
  // Without /proc only our own start is known; other pids are then judged by liveness alone.
  return pid === process.pid ? `ms${Math.round(performance.timeOrigin)}` : undefined;
}

/** What the lock would record for `pid` now. */
export function ownerOf(pid: number): LockOwner {
  return { pid, bootId: readProc('/proc/sys/kernel/random/boot_id')?.trim() || undefined, startTime: startTimeOf(pid) };
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

/** The recorded owner; a lock of an older version holds the pid alone. */
function parseOwner(text: string): LockOwner {
  const t = text.trim();
  if (/^\d+$/.test(t)) return { pid: Number(t) };
  try {
    const o = JSON.parse(t) as Partial<LockOwner>;
    return {
      pid: Number(o.pid),
      bootId: typeof o.bootId === 'string' ? o.bootId : undefined,
      startTime: typeof o.startTime === 'string' ? o.startTime : undefined,
    };
  } catch {
    return { pid: NaN };
  }
}

/** Why `recorded` no longer holds the directory, or undefined while it does. */
function staleReason(recorded: LockOwner): string | undefined {
  const { pid } = recorded;
  if (!Number.isInteger(pid) || pid <= 0) return 'the lock file is unreadable';
  const now = ownerOf(pid);
  if (recorded.bootId && now.bootId && recorded.bootId !== now.bootId)
    return 'it was taken before the machine restarted';
  if (!alive(pid)) return `its process ${pid} is gone`;
  if (recorded.startTime && now.startTime && recorded.startTime !== now.startTime)
    return `pid ${pid} now belongs to another process`;
  // A pid-only lock naming us cannot be ours (we write the full record): a restart that got the same pid.
  if (!recorded.startTime && pid === process.pid) return `pid ${pid} is this process`;
  return undefined;
}

/**
 * Takes `${dataDir}/pglite.lock` (created exclusively, holding our pid, boot id and start time).
 * PGlite has no multi-process support, so two writers would corrupt the directory. A stale lock
 * (process gone, pid reused, machine restarted) is taken over and `onTakeover` told why.
 * Returns the release function.
 */
export function lockDataDir(dataDir: string, onTakeover: (message: string) => void = () => {}): () => void {
  mkdirSync(dataDir, { recursive: true });
  const file = join(dataDir, 'pglite.lock');
  const mine = JSON.stringify(ownerOf(process.pid));
  for (let attempt = 0; attempt < 3; attempt++) {
    try {
      const fd = openSync(file, 'wx');
      writeSync(fd, mine);
      closeSync(fd);
      return () => {
        try {
          if (readFileSync(file, 'utf8') === mine) unlinkSync(file);
        } catch {
          // already gone
        }
      };
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
    }
    let recorded: LockOwner;
    try {
      recorded = parseOwner(readFileSync(file, 'utf8'));
    } catch {
      continue; // removed between our open and read: try again
    }
    const reason = staleReason(recorded);
    if (reason === undefined) {
      throw new DataDirLockedError(
        `The database in ${resolve(dataDir)} is already open in another process (pid ${recorded.pid}). ` +
          'Stop that process or set DATA_DIR to another directory.',
      );
    }
    try {
      unlinkSync(file);
      onTakeover(`Took over the stale lock ${resolve(file)} (pid ${recorded.pid}): ${reason}`);
    } catch {
      // another starter removed it first
    }
  }
  throw new DataDirLockedError(`Could not take the lock ${file}; remove it if no service is running.`);
}
