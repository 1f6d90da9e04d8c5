import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { sendUpload } from '../uploads/send-upload';

/** Every upload by its name. Public: <img> and <video> cannot send the session header. */
const fileRoutes: FastifyPluginAsyncZod = async (app) => {
  const schema = {
    tags: ['file'],
    summary: 'An uploaded image or video (names are random UUIDs, never listed)',
    params: z.object({ name: z.string() }),
  };
  app.get('/file/:name', { config: { public: true }, schema }, async (request, reply) =>
    sendUpload(request, reply, request.params.name),
  );
};

export default fileRoutes;
