import type { Readable } from 'node:stream';

/** One byte range as a Range header asks it: `start-[end]` (inclusive) or the last `suffix` bytes. */
export type ByteRange = { start: number; end?: number } | { suffix: number };

/** One stored object as read back: its bytes as a stream, the type recorded at upload and its size. */
export interface StoredObject {
  body: Readable;
  contentType: string;
  /** Of the whole object. */
  size: number;
  /** Set when a range was asked and could be served: `body` is only these bytes (inclusive). */
  range?: { start: number; end: number };
}

/** Where uploads live: the local disk or an S3-compatible bucket (STORAGE_URL). */
export interface Storage {
  readonly kind: 'local' | 's3';
  put(key: string, bytes: Buffer, contentType: string): Promise<void>;
  /**
   * Stores `size` bytes read from `body` without holding them in memory (job files: exports of
   * any size written to a temp file first, then handed over here).
   */
  putStream(key: string, body: Readable, size: number, contentType: string): Promise<void>;
  /**
   * undefined when there is no such object. A range that cannot be served is ignored and the
   * whole object comes back (as HTTP allows), so players that probe past the end still play.
   */
  get(key: string, range?: ByteRange): Promise<StoredObject | undefined>;
  delete(key: string): Promise<void>;
  /** Releases connections; called when the app closes. */
  close?(): Promise<void>;
}

/** Keys are names the service makes (`<uuid>.<ext>`): nothing that could climb out of a folder. */
export const SAFE_KEY = /^[A-Za-z0-9][A-Za-z0-9._-]{0,199}$/;

/** The inclusive bytes a range names in an object of `size` bytes; undefined when none. */
export function resolveRange(range: ByteRange, size: number): { start: number; end: number } | undefined {
  if ('suffix' in range)
    return range.suffix > 0 && size > 0 ? { start: Math.max(0, size - range.suffix), end: size - 1 } : undefined;
  if (range.start >= size || (range.end !== undefined && range.end < range.start)) return undefined;
  return { start: range.start, end: Math.min(range.end ?? size - 1, size - 1) };
}

/** The Range header S3 takes for a range. */
export function rangeHeader(range: ByteRange): string {
  return 'suffix' in range ? `bytes=-${range.suffix}` : `bytes=${range.start}-${range.end ?? ''}`;
}
