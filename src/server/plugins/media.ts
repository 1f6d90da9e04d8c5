import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { Sfu } from '../media/sfu';

declare module 'fastify' {
  interface FastifyInstance {
    /** The in-service SFU (media/sfu.ts): door calls, conferences and the monitoring wall. */
    sfu: Sfu;
  }
}

/**
 * One SFU per process; its connections close with the service. Its own side of ICE uses STUN and
 * TURN servers with fixed credentials; per-caller TURN credentials (TURN_SECRET) are the callers'.
 */
async function mediaPlugin(app: FastifyInstance) {
  const { iceServers, portRange, hostAddresses } = app.config.media;
  const sfu = new Sfu({
    iceServers: iceServers.filter((s) => s.username !== undefined || s.urls.every((u) => u.startsWith('stun'))),
    portRange,
    extraHostAddresses: hostAddresses.length ? hostAddresses : undefined,
  });
  app.decorate('sfu', sfu);
  app.addHook('onClose', async () => {
    await sfu.close();
  });
}

export default fp(mediaPlugin, { name: 'media' });
