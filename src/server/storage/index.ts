import { resolve } from 'node:path';
import { localDiskStorage } from './local-disk';
import type { StorageTarget } from '../lib/storage-url';
import type { Storage } from './types';

export type { Storage, StoredObject } from './types';

export async function createStorage(target: StorageTarget, dataDir: string): Promise<Storage> {
  if (target.kind === 'local') return localDiskStorage(target.dir ?? resolve(dataDir, 'uploads'));
  // The AWS SDK is large: loaded only by services that use it.
  const { s3Storage } = await import('./s3');
  return s3Storage(target);
}
