import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { PunchSources } from './listener';

declare module 'fastify' {
  interface FastifyInstance {
    /** Attendance punches from devices (attendance-sources/listener.ts); tests drain it. */
    punchSources: PunchSources;
  }
}

/**
 * Attendance punches from the devices: helmets worn inside the site fence, wristbands and UWB tags
 * on a UWB floor, faces at door units. Takes the uplink pipeline's 'attendance' stage after the
 * fences are loaded (the site fence comes from their index) and stops before the database closes.
 */
async function attendanceSourcesPlugin(app: FastifyInstance) {
  const sources = new PunchSources(app);
  app.decorate('punchSources', sources);
  sources.start();
  app.addHook('onClose', async () => {
    await sources.close();
  });
}

export default fp(attendanceSourcesPlugin, {
  name: 'attendance-sources',
  dependencies: ['db', 'devices', 'ingest', 'fences'],
});
