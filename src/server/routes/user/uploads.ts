import multipart from '@fastify/multipart';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { Code } from '../../../shared/api';
import { UPLOAD_FILE_MAX, UPLOAD_VIDEO_MAX } from '../../../shared/constants';
import type { UploadedVideo } from '../../../shared/uploads';
import { describeAdVideo } from '../../../entities/advertisement';
import { envelope } from '../../lib/api-error';
import { authed } from '../../auth/request';
import type { MediaKind } from '../../storage/media-types';
import { saveUpload, type UploadRule } from '../../uploads/save-upload';

/** Photos may be larger than the console's 600 KB pictures: 5 MB, then re-encoded. */
const IMAGE: UploadRule = { kind: 'image', under: UPLOAD_FILE_MAX, strip: true };
const VIDEO: UploadRule = { kind: 'video', under: UPLOAD_VIDEO_MAX, strip: false };
const NOTE: Record<MediaKind, string> = {
  image: 'field "file", PNG/JPEG/GIF/WebP under 5 MB, re-encoded without metadata; answers code 1, data the URL',
  video: 'field "file", MP4/WebM/QuickTime under 20 MB; answers code 1, data {url, name, size, contentType}',
  audio: 'field "file", MP3/WAV/Ogg/AAC',
};
const ENDPOINTS: [path: string, summary: string, rule: UploadRule][] = [
  ['/ossUser/addOssHederImg', 'Header image upload', IMAGE],
  ['/face/uploadFaceImg', 'Face image upload', IMAGE],
  ['/ossUser/uploadVideo', 'Video upload', VIDEO],
  ['/ossUser/uploadAdvertVideo', 'Advert video upload, answered with its measured durationS (s) and poster too', VIDEO],
];

/** docs/requirements/calls-and-errors.md#uploads: the user service's four endpoints. Each needs a session and refuses the visitor. */
const userUploadRoutes: FastifyPluginAsyncZod = async (app) => {
  await app.register(multipart);
  const urlOf = (name: string) => `${app.config.publicUrl ?? ''}/api/file/${name}`;
  for (const [path, summary, rule] of ENDPOINTS) {
    const schema = { tags: ['user'], summary: `${summary} (${NOTE[rule.kind]})` };
    app.post(path, { config: { write: true }, schema }, async (request) => {
      const saved = await saveUpload(request, rule);
      const url = urlOf(saved.name);
      if (rule.kind === 'image') return envelope(Code.UPLOAD_OK, 'ok', url);
      const record: UploadedVideo = { url, ...saved };
      // An ad's video is measured (duration, poster) for the ad that names it (entities/advertisement/video.ts).
      if (path === '/ossUser/uploadAdvertVideo')
        return envelope(Code.UPLOAD_OK, 'ok', {
          ...record,
          ...(await describeAdVideo(app, authed(request).scope.tenantId, saved)),
        });
      return envelope(Code.UPLOAD_OK, 'ok', record);
    });
  }
};

export default userUploadRoutes;
