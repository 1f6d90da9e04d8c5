import multipart from '@fastify/multipart';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { Code } from '../../../shared/api';
import { UPLOAD_FILE_MAX, UPLOAD_VIDEO_MAX } from '../../../shared/constants';
import type { UploadedVideo } from '../../../shared/uploads';
import { envelope } from '../../lib/api-error';
import { saveUpload, type UploadRule } from '../../uploads/save-upload';

const tags = ['user'];
/** Photos may be larger than the console's 600 KB pictures: 5 MB, then re-encoded. */
const IMAGE: UploadRule = { kind: 'image', under: UPLOAD_FILE_MAX, strip: true };
const VIDEO: UploadRule = { kind: 'video', under: UPLOAD_VIDEO_MAX, strip: false };
const IMAGE_NOTE = 'field "file", PNG/JPEG/GIF/WebP under 5 MB, re-encoded without metadata; answers code 1, data the URL';
const VIDEO_NOTE = 'field "file", MP4/WebM/QuickTime under 20 MB; answers code 1, data {url, name, size, contentType}';

/** Spec core 7 "Uploads": the user service's four endpoints. Each needs a session and refuses the visitor. */
const userUploadRoutes: FastifyPluginAsyncZod = async (app) => {
  await app.register(multipart);
  const urlOf = (name: string) => `${app.config.publicUrl ?? ''}/api/file/${name}`;
  const image = (path: string, summary: string) =>
    app.post(path, { config: { write: true }, schema: { tags, summary: `${summary} (${IMAGE_NOTE})` } }, async (request) => {
      const { name } = await saveUpload(request, IMAGE);
      return envelope(Code.UPLOAD_OK, 'ok', urlOf(name));
    });
  const video = (path: string, summary: string) =>
    app.post(path, { config: { write: true }, schema: { tags, summary: `${summary} (${VIDEO_NOTE})` } }, async (request) => {
      const saved = await saveUpload(request, VIDEO);
      const data: UploadedVideo = { url: urlOf(saved.name), ...saved };
      return envelope(Code.UPLOAD_OK, 'ok', data);
    });
  image('/ossUser/addOssHederImg', 'Header image upload');
  image('/face/uploadFaceImg', 'Face image upload');
  video('/ossUser/uploadVideo', 'Video upload');
  video('/ossUser/uploadAdvertVideo', 'Advert video upload');
};

export default userUploadRoutes;
