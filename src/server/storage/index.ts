import { resolve } from 'node:path';
import { localDiskStorage } from './local-disk';
import { s3Storage } from './s3';
import type { StorageTarget } from './storage-url';
import type { Storage } from './types';

export type { Storage, StoredObject } from './types';

export function createStorage(target: StorageTarget, dataDir: string): Storage {
  return target.kind === 's3' ? s3Storage(target) : localDiskStorage(target.dir ?? resolve(dataDir, 'uploads'));
}
