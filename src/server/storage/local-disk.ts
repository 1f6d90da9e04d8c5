import { createReadStream, createWriteStream } from 'node:fs';
import { mkdir, rm, stat, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { pipeline } from 'node:stream/promises';
import { mimeOfName } from './media-types';
import { resolveRange, SAFE_KEY, type Storage } from './types';

/**
 * Files in one folder, named by their key. The disk keeps no content type: the key's extension,
 * which the service chose from the sniffed content, says it.
 */
export function localDiskStorage(dir: string): Storage {
  const pathOf = (key: string) => {
    if (!SAFE_KEY.test(key)) throw new Error(`unsafe storage key ${JSON.stringify(key)}`);
    return join(dir, key);
  };
  return {
    kind: 'local',
    async put(key, bytes) {
      const path = pathOf(key);
      await mkdir(dir, { recursive: true });
      await writeFile(path, bytes, { flag: 'wx' });
    },
    async putStream(key, body) {
      const path = pathOf(key);
      await mkdir(dir, { recursive: true });
      try {
        await pipeline(body, createWriteStream(path, { flags: 'wx' }));
      } catch (err) {
        await rm(path, { force: true });
        throw err;
      }
    },
    async get(key, range) {
      if (!SAFE_KEY.test(key)) return undefined;
      const path = pathOf(key);
      const found = await stat(path).catch(() => null);
      if (!found?.isFile()) return undefined;
      const part = range && resolveRange(range, found.size);
      return { body: createReadStream(path, part), contentType: mimeOfName(key), size: found.size, range: part };
    },
    async delete(key) {
      await rm(pathOf(key), { force: true });
    },
  };
}
