import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { LOGIN_FAILURE_WINDOW_MS } from '../../shared/constants';
import { purgeExpired } from '../repos/housekeeping';

const EVERY_MS = 60 * 60 * 1000;

/** Hourly purge of expired auth rows; every replica may run it, the deletes are idempotent. */
async function housekeeping(app: FastifyInstance) {
  const run = () =>
    purgeExpired(app.db, app.clock.now(), LOGIN_FAILURE_WINDOW_MS).catch((err: unknown) =>
      app.log.warn({ err }, 'housekeeping failed'),
    );
  let timer: NodeJS.Timeout | undefined;
  app.addHook('onReady', async () => {
    timer = setInterval(run, EVERY_MS);
    timer.unref();
  });
  app.addHook('onClose', async () => clearInterval(timer));
}

export default fp(housekeeping, { name: 'housekeeping', dependencies: ['db'] });
