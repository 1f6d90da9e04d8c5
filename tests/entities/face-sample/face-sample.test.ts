import { readFileSync } from 'node:fs';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { post, type TestApp } from '../../server/helper';
import { demoApp, list, tenantWithAdmin, upload } from '../../server/org-helper';
import { ApiError } from '../../../src/server/lib/api-error';
import { demoEmbeddings, analyseFace, similarity } from '../../../src/server/faces';
import { faceSamples } from '../../../src/entities/face-sample/table';

const fixture = (name: string) => readFileSync(new URL(`../../fixtures/faces/${name}`, import.meta.url));

let t: TestApp;
let demo: string;
let other: string;

/** The key analyseFace refuses with, or 'ok'. */
async function verdict(bytes: Buffer, threshold = 0.5): Promise<string> {
  try {
    await analyseFace(bytes, threshold);
    return 'ok';
  } catch (err) {
    if (err instanceof ApiError) return err.key;
    throw err;
  }
}

async function uploaded(name: string, token = demo): Promise<string> {
  const res = await upload(t.app, '/api/user/face/uploadFaceImg', fixture(name), token, name);
  expect(res.code).toBe(1);
  return String(res.data);
}

async function library(body: Record<string, unknown> = {}, token = demo): Promise<number> {
  const res = await post<{ id: number }>(
    t.app,
    '/api/user/faceLibrary/add',
    {
      name: `Lib ${Math.random().toString(36).slice(2, 8)}`,
      qualityThreshold: 0.5,
      intraThreshold: 0.6,
      interThreshold: 0.75,
      ...body,
    },
    { token },
  );
  expect(res.code, JSON.stringify(res)).toBe(0);
  return res.data.id;
}

const addSample = (libraryId: number, labels: string, picture: string, token = demo) =>
  post<{ id: number; quality: number; warning: string | null }>(
    t.app,
    '/api/user/faceSample/add',
    { libraryId, labels, picture },
    { token },
  );

beforeAll(async () => {
  ({ t, demo } = await demoApp());
  other = (await tenantWithAdmin(t.app, 'Other Faces Co', 'otherfaces')).token;
}, 60_000);
afterAll(() => t?.close());

describe('face processing (src/server/faces/process.ts) on the fixtures', () => {
  it('finds one face in a portrait and describes it; refuses no face, two faces, a tiny and a blurred face with their keys', async () => {
    const one = await analyseFace(fixture('collins-1.jpg'), 0.5);
    expect(one.embedding).toHaveLength(1024);
    expect(one.quality).toBeGreaterThanOrEqual(0.5);
    expect(Math.min(one.box[2], one.box[3])).toBeGreaterThanOrEqual(64);
    expect(await verdict(fixture('cameraman.jpg'))).toBe('ok');
    expect(await verdict(fixture('no-face.jpg'))).toBe('faceNotFound');
    expect(await verdict(fixture('two-faces.jpg'))).toBe('faceSeveral');
    expect(await verdict(fixture('tiny-face.jpg'))).toBe('faceTooSmall');
    expect(await verdict(fixture('blurred.jpg'))).toBe('faceTooBlurry');
    // The blurred face passes a library that asks for no quality at all.
    expect(await verdict(fixture('blurred.jpg'), 0)).toBe('ok');
  });

  it('the same person is similar, different persons are not (cosine of the embeddings)', async () => {
    const [a, b, c] = await Promise.all(
      ['collins-1.jpg', 'collins-2.jpg', 'cameraman.jpg'].map(
        async (f) => (await analyseFace(fixture(f), 0)).embedding,
      ),
    );
    expect(similarity(a!, b!)).toBeGreaterThan(0.75);
    expect(similarity(a!, c!)).toBeLessThan(0.6);
    expect(similarity(b!, c!)).toBeLessThan(0.6);
  });

  it('refuses what is not a picture, a corrupt one and one of too many pixels, without harm', async () => {
    expect(await verdict(Buffer.from('not a picture at all'))).toBe('fileFormat');
    expect(await verdict(fixture('collins-1.jpg').subarray(0, 2000))).toBe('fileFormat');
    const huge = await sharp({ create: { width: 8000, height: 7000, channels: 3, background: '#808080' } })
      .png({ compressionLevel: 9 })
      .toBuffer();
    expect(await verdict(huge)).toBe('fileTooLarge');
    expect(await verdict(fixture('collins-1.jpg'))).toBe('ok');
  });

  it('the shipped demo embeddings are what the engine computes for the demo pictures', async () => {
    for (const e of await demoEmbeddings()) {
      const face = await analyseFace(readFileSync(new URL(`../../../public/faces/${e.file}`, import.meta.url)), 0);
      expect(similarity(face.embedding, e.embedding), e.file).toBeGreaterThan(0.999);
    }
  });
});

describe('face libraries and samples', () => {
  it('the demo site has a library with samples and faces awaiting review; another company sees none', async () => {
    const libs = await list(t.app, 'faceLibrary', {}, demo);
    expect(libs.rows.find((r) => r.name === '演示人脸库')).toMatchObject({
      sampleCount: 2,
      qualityThreshold: 0.5,
      interThreshold: 0.75,
    });
    const samples = await list(t.app, 'faceSample', { keyword: 'Eileen' }, demo);
    expect(samples.rows[0]).toMatchObject({
      labels: 'Eileen Collins,1栋1单元101',
      picture: '/faces/demo-collins-1.jpg',
    });
    expect(samples.rows[0]).not.toHaveProperty('embedding');
    expect((await list(t.app, 'faceReview', { filters: { state: 0 } }, demo)).total).toBe(2);
    for (const name of ['faceLibrary', 'faceSample', 'faceReview'])
      expect((await list(t.app, name, {}, other)).total, name).toBe(0);
  });

  it('thresholds are checked: 0..1, required', async () => {
    for (const body of [{ qualityThreshold: 1.5 }, { interThreshold: -0.1 }, { intraThreshold: null }, { name: '' }]) {
      const res = await post(
        t.app,
        '/api/user/faceLibrary/add',
        { name: 'Bad', qualityThreshold: 0.5, intraThreshold: 0.6, interThreshold: 0.75, ...body },
        { token: demo },
      );
      expect(res.code, JSON.stringify(body)).toBe(400);
    }
  });

  it('adds a sample from an uploaded face: quality and embedding stored, labels normalised', async () => {
    const lib = await library();
    const res = await addSample(lib, ' Eileen Collins， 宇航员,, ', await uploaded('collins-1.jpg'));
    expect(res.code, JSON.stringify(res)).toBe(0);
    expect(res.data).toMatchObject({ labels: 'Eileen Collins,宇航员', libraryId: lib, warning: null });
    expect(res.data.quality).toBeGreaterThanOrEqual(0.5);
    const [row] = await t.app.db
      .select({ embedding: faceSamples.embedding })
      .from(faceSamples)
      .where(eq(faceSamples.id, res.data.id));
    expect(row!.embedding).toHaveLength(1024);
    expect((await list(t.app, 'faceLibrary', { keyword: '' }, demo)).rows.find((r) => r.id === lib)).toMatchObject({
      sampleCount: 1,
    });
  });

  it('refuses no face, two faces, a tiny and a blurred face with their messages, and stores nothing', async () => {
    const lib = await library();
    for (const [file, key] of [
      ['no-face.jpg', 'faceNotFound'],
      ['two-faces.jpg', 'faceSeveral'],
      ['tiny-face.jpg', 'faceTooSmall'],
      ['blurred.jpg', 'faceTooBlurry'],
    ] as const) {
      const res = await addSample(lib, 'Somebody', await uploaded(file));
      expect([res.code, res.key], file).toEqual([400, key]);
    }
    expect((await list(t.app, 'faceSample', { filters: { libraryId: lib } }, demo)).total).toBe(0);
  });

  it('a face image must be uploaded first: an unknown URL or another company’s upload is refused', async () => {
    const lib = await library();
    expect((await addSample(lib, 'X', 'https://example.com/face.jpg')).key).toBe('faceImageRequired');
    expect((await addSample(lib, 'X', '/api/file/00000000-0000-0000-0000-000000000000.jpg')).key).toBe(
      'faceImageRequired',
    );
    expect((await addSample(lib, 'X', await uploaded('collins-1.jpg', other))).key).toBe('faceImageRequired');
    expect((await addSample(lib, 'X', '')).code).toBe(400);
  });

  it("refuses a sample too similar to another person's (inter-class); a different person is accepted", async () => {
    const lib = await library();
    expect((await addSample(lib, 'Eileen Collins', await uploaded('collins-1.jpg'))).code).toBe(0);
    const impostor = await addSample(lib, 'Someone Else', await uploaded('collins-2.jpg'));
    expect([impostor.code, impostor.key]).toEqual([400, 'faceTooSimilar']);
    const cameraman = await addSample(lib, 'Cameraman', await uploaded('cameraman.jpg'));
    expect([cameraman.code, cameraman.data.warning]).toEqual([0, null]);
    // The same person's second picture agrees with the first: no warning.
    const again = await addSample(lib, 'Eileen Collins,second', await uploaded('collins-2.jpg'));
    expect([again.code, again.data.warning]).toEqual([0, null]);
  });

  it("warns, and saves, when a person's samples disagree (intra-class threshold)", async () => {
    const lib = await library({ intraThreshold: 0.99 });
    expect((await addSample(lib, 'Eileen Collins', await uploaded('collins-1.jpg'))).code).toBe(0);
    const second = await addSample(lib, 'Eileen Collins', await uploaded('collins-2.jpg'));
    expect([second.code, second.data.warning]).toEqual([0, 'faceSamplesDisagree']);
    expect(
      (await list(t.app, 'faceSample', { filters: { libraryId: lib, warning: 'faceSamplesDisagree' } }, demo)).total,
    ).toBe(1);
  });

  it("a library's quality threshold refuses faces below it", async () => {
    const lib = await library({ qualityThreshold: 1 });
    const res = await addSample(lib, 'Blurred', await uploaded('blurred.jpg'));
    expect([res.code, res.key]).toEqual([400, 'faceTooBlurry']);
  });

  it('updating the labels re-checks the library; another company can neither see nor use the library', async () => {
    const lib = await library();
    const a = await addSample(lib, 'Eileen Collins', await uploaded('collins-1.jpg'));
    const b = await addSample(lib, 'Cameraman', await uploaded('cameraman.jpg'));
    expect(
      (
        await post(
          t.app,
          '/api/user/faceSample/update',
          { id: b.data.id, labels: 'Cameraman,visitor' },
          { token: demo },
        )
      ).code,
    ).toBe(0);
    expect((await list(t.app, 'faceSample', { filters: { libraryId: lib }, keyword: 'visitor' }, demo)).total).toBe(1);
    expect(
      (await post(t.app, '/api/user/faceSample/update', { id: a.data.id, labels: 'A' }, { token: other })).code,
    ).toBe(404);
    const theirs = await addSample(lib, 'Mine', await uploaded('cameraman.jpg', other), other);
    expect([theirs.code, theirs.key]).toEqual([400, 'refInvalid']);
    expect((await post(t.app, '/api/user/faceSample/delete', { ids: [a.data.id] }, { token: demo })).code).toBe(0);
  });
});
