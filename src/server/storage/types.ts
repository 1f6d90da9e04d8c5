import type { Readable } from 'node:stream';

/** One stored object as read back: its bytes as a stream, the type recorded at upload and its size. */
export interface StoredObject {
  body: Readable;
  contentType: string;
  size: number;
}

/** Where uploads live: the local disk or an S3-compatible bucket (STORAGE_URL). */
export interface Storage {
  readonly kind: 'local' | 's3';
  put(key: string, bytes: Buffer, contentType: string): Promise<void>;
  /** undefined when there is no such object. */
  get(key: string): Promise<StoredObject | undefined>;
  delete(key: string): Promise<void>;
  /** Releases connections; called when the app closes. */
  close?(): Promise<void>;
}

/** Keys are names the service makes (`<uuid>.<ext>`): nothing that could climb out of a folder. */
export const SAFE_KEY = /^[A-Za-z0-9][A-Za-z0-9._-]{0,199}$/;
