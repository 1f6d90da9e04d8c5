/**
 * Residents' faces under review (/faceVerification): the list (filters, sort), add with its
 * validation and the library check of ./server.ts, the review machine of ./routes.ts (approve:
 * processed into a sample of the library, a face processing refuses stays pending with its
 * reason; reject with the reviewer's reason; failed and passed are final), delete, no update,
 * and tenant isolation.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { post, type TestApp } from '../../server/helper';
import { demoApp, list, tenantWithAdmin, type Row } from '../../server/org-helper';
import { FACE_REVIEW } from '../../../src/entities/face-review/resource';

let t: TestApp;
let demo: string;
let other: string;
let library: number;

const api = <T = Row>(action: string, body: object, token = demo) =>
  post<T>(t.app, `/api/user/faceReview/${action}`, body, { token });
const face = (residentName: string, picture = '/faces/demo-collins-2.jpg', room?: string) => ({
  libraryId: library,
  residentName,
  room,
  picture,
});
const added = async (body: object) => {
  const res = await api('add', body);
  expect(res.code, res.msg).toBe(0);
  return res.data;
};
const row = async (id: number) => (await api<Row>('get', { id })).data;

beforeAll(async () => {
  ({ t, demo } = await demoApp());
  other = (await tenantWithAdmin(t.app, 'Other Co', 'reviewother')).token;
  // A library of its own: the demo library's samples would make a demo face "too similar to another person".
  const lib = await post<Row>(
    t.app,
    '/api/user/faceLibrary/add',
    { name: 'Review test faces', qualityThreshold: 0.5, intraThreshold: 0.6, interThreshold: 0.75 },
    { token: demo },
  );
  expect(lib.code, lib.msg).toBe(0);
  library = lib.data.id;
  // Building the seeded app takes most of a minute on a busy machine.
}, 180_000);
afterAll(() => t?.close());

describe('face reviews', () => {
  it('a new face waits for review; the list filters by resident, state and library and sorts by resident', async () => {
    const a = await added(face('Review Zhang', '/faces/demo-collins-2.jpg', '3栋201'));
    expect(a).toMatchObject({ state: FACE_REVIEW.pending, reason: null, sampleId: null, room: '3栋201' });
    const b = await added(face('Review Li'));
    const rows = (
      await list(
        t.app,
        'faceReview',
        {
          filters: { residentName: 'review ', state: FACE_REVIEW.pending, libraryId: library },
          sort: [{ field: 'residentName', order: 'asc' }],
        },
        demo,
      )
    ).rows;
    expect(rows.map((r) => r.id)).toEqual([b.id, a.id]);
    // The keyword searches the room too.
    expect((await list(t.app, 'faceReview', { keyword: '3栋201' }, demo)).rows.map((r) => r.id)).toEqual([a.id]);
  });

  it.each([
    ['no resident', () => ({ libraryId: library, picture: '/faces/demo-collins-2.jpg' }), 'required'],
    ['no picture', () => ({ libraryId: library, residentName: 'No picture' }), 'required'],
    ['no library', () => ({ residentName: 'Nowhere', picture: '/faces/demo-collins-2.jpg' }), 'required'],
    ['a library that does not exist', () => ({ ...face('Lost'), libraryId: 999_999 }), 'refInvalid'],
    ['a room over 50 characters', () => face('Long room', '/faces/demo-collins-2.jpg', 'x'.repeat(51)), 'tooLong'],
  ])('add refuses %s with its key', async (_what, body, key) => {
    const res = await api('add', body());
    expect(res).toMatchObject({ code: 400, key });
    expect(res.msg).toBeTruthy();
  });

  it('approving processes the face into a sample of its library labelled with the resident and room', async () => {
    const r = await added(face('Approve Wang', '/faces/demo-collins-2.jpg', '5栋502'));
    const passed = await api<{ id: number; sampleId: number }>('approve', { id: r.id });
    expect(passed.code, passed.msg).toBe(0);
    expect(await row(r.id)).toMatchObject({ state: FACE_REVIEW.passed, sampleId: passed.data.sampleId, reason: null });
    const samples = await list(t.app, 'faceSample', { keyword: 'Approve Wang', filters: { libraryId: library } }, demo);
    expect(samples.rows.find((s) => s.id === passed.data.sampleId)).toMatchObject({
      labels: 'Approve Wang,5栋502',
      picture: '/faces/demo-collins-2.jpg',
    });
    expect((await api('approve', { id: r.id })).key).toBe('noSuchTransition');
    expect((await api('reject', { id: r.id, reason: 'late' })).key).toBe('noSuchTransition');
  });

  it('a picture without a face stays pending with the reason; the reviewer rejects it with theirs', async () => {
    const r = await added(face('No Face', '/faces/demo-no-face.jpg'));
    expect(await api('approve', { id: r.id })).toMatchObject({ code: 400, key: 'faceNotFound' });
    expect(await row(r.id)).toMatchObject({ state: FACE_REVIEW.pending, reason: 'faceNotFound', sampleId: null });
    expect(await api('reject', { id: r.id, reason: '  ' })).toMatchObject({ code: 400 });
    expect((await api('reject', { id: r.id, reason: 'No face in the photo' })).code).toBe(0);
    expect(await row(r.id)).toMatchObject({ state: FACE_REVIEW.failed, reason: 'No face in the photo' });
    expect((await api('approve', { id: r.id })).key).toBe('noSuchTransition');
    expect(
      (await list(t.app, 'faceReview', { filters: { state: FACE_REVIEW.failed, residentName: 'No Face' } }, demo))
        .total,
    ).toBe(1);
  });

  it('deletes a review; there is no update', async () => {
    const r = await added(face('Delete Me'));
    expect((await api('update', { id: r.id, residentName: 'x' })).code).toBe(404);
    expect((await api('delete', { ids: [r.id] })).code).toBe(0);
    expect((await api('get', { id: r.id })).code).toBe(404);
  });

  it("another company neither sees, reviews nor deletes the demo's reviews, nor files one in its library", async () => {
    const r = await added(face('Private Face'));
    expect((await list(t.app, 'faceReview', { keyword: 'Private Face' }, other)).total).toBe(0);
    expect((await api('get', { id: r.id }, other)).code).toBe(404);
    expect((await api('approve', { id: r.id }, other)).code).toBe(404);
    expect((await api('reject', { id: r.id, reason: 'x' }, other)).code).toBe(404);
    expect((await api('delete', { ids: [r.id] }, other)).code).toBe(404);
    expect(await api('add', face('Intruder'), other)).toMatchObject({ code: 400, key: 'refInvalid' });
    expect(await row(r.id)).toMatchObject({ state: FACE_REVIEW.pending });
  });
});
