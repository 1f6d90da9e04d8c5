import { Readable } from 'node:stream';
import { buffer, text } from 'node:stream/consumers';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createStorage, type Storage } from '../../../src/server/storage';
import { localTestStorage, s3TestStorage, type TestStorage } from '../uploads-helper';

/** The Storage contract, the same for the local disk and a real S3-compatible server. */
describe.each([
  ['local disk', localTestStorage],
  ['S3 (s3rver)', s3TestStorage],
])('storage on %s', (_label, makeStorage) => {
  let server: TestStorage;
  let store: Storage;

  beforeAll(async () => {
    server = await makeStorage();
    store = await createStorage(server.target, server.dataDir);
  });
  afterAll(async () => {
    await store?.close?.();
    await server?.stop();
  });

  it('puts, gets, ranges and deletes an object', async () => {
    const key = '11111111-2222-4333-8444-555555555555.mp4';
    await store.put(key, Buffer.from('0123456789'), 'video/mp4');
    const got = await store.get(key);
    expect(got).toMatchObject({ contentType: 'video/mp4', size: 10 });
    expect(await text(got!.body)).toBe('0123456789');
    const part = await store.get(key, { start: 2, end: 4 });
    expect(part).toMatchObject({ size: 10, range: { start: 2, end: 4 } });
    expect(await text(part!.body)).toBe('234');
    expect(await text((await store.get(key, { suffix: 3 }))!.body)).toBe('789');
    const past = await store.get(key, { start: 10 });
    expect(past!.range).toBeUndefined();
    expect(await text(past!.body)).toBe('0123456789');
    await store.delete(key);
    expect(await store.get(key)).toBeUndefined();
    expect(await server.count()).toBe(0);
  });

  it('stores a stream of a known size without buffering it and reads it back', async () => {
    const key = 'job-11111111-2222-4333-8444-555555555555.csv';
    const body = Buffer.from('a,b\r\n'.repeat(50_000));
    await store.putStream(
      key,
      Readable.from([body.subarray(0, 100_000), body.subarray(100_000)]),
      body.length,
      'text/csv',
    );
    const got = await store.get(key);
    expect(got!.size).toBe(body.length);
    expect((await buffer(got!.body)).equals(body)).toBe(true);
    await store.delete(key);
    expect(await store.get(key)).toBeUndefined();
  });

  it('answers undefined for a missing or unsafe key and refuses to write one', async () => {
    expect(await store.get('00000000-0000-4000-8000-000000000000.png')).toBeUndefined();
    for (const key of ['../escape.png', '/etc/passwd', '.hidden', 'a/b.png', '']) {
      expect(await store.get(key)).toBeUndefined();
      await expect(store.put(key, Buffer.from('x'), 'image/png')).rejects.toThrow(/unsafe storage key/);
    }
  });
});
