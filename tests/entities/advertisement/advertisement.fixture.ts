import { readFileSync } from 'node:fs';
import { expect } from 'vitest';
import { post, type TestApp } from '../../server/helper';
import { upload, type Row } from '../../server/org-helper';

/** Fixtures shared by advertisement.test.ts and advertisement-delivery.test.ts. */

export const webm = readFileSync(new URL('../../../public/video/demo-recording.webm', import.meta.url));

interface Uploaded {
  name: string;
  durationS: number;
  poster: string | null;
  url: string;
}

/** Uploads the demo recording as an ad video. */
export async function uploadAdVideo(app: TestApp['app'], token: string): Promise<Uploaded> {
  const res = await upload(app, '/api/user/ossUser/uploadAdvertVideo', webm, token, 'spot.webm');
  expect(res.code, res.msg).toBe(1);
  return res.data as Uploaded;
}

export const getAdAs = async (app: TestApp['app'], token: string, id: number) =>
  (await post<Row>(app, '/api/user/advertisement/get', { id }, { token })).data;

/** The body of an advertisement/add with this video. */
export const ad = (video: string, extra: object = {}) => ({
  title: 'Noodle shop spot',
  client: 'Lanzhou Noodles',
  phone: '13812345678',
  video,
  fee: 0.25,
  status: 1,
  ...extra,
});
