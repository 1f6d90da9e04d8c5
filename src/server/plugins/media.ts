import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { Sfu } from '../media/sfu';

declare module 'fastify' {
  interface FastifyInstance {
    /** The in-service SFU (media/sfu.ts): door calls, conferences and the monitoring wall. */
    sfu: Sfu;
  }
}

/** One SFU per process; its connections close with the service. */
async function mediaPlugin(app: FastifyInstance) {
  const sfu = new Sfu();
  app.decorate('sfu', sfu);
  app.addHook('onClose', async () => {
    await sfu.close();
  });
}

export default fp(mediaPlugin, { name: 'media' });
