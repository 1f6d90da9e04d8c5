import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { LOGIN_FAILURE_WINDOW_MS } from '../../shared/constants';
import { vacuumDue } from '../db/autovacuum';
import { applyRetention, ensureReadingPartitions } from '../db/partitions';
import { purgeAllTenants } from '../media-library/retention';
import { purgeExpired } from '../repos/housekeeping';
import { startSweep } from '../lib/sweep';

const EVERY_MS = 60 * 60 * 1000;
/** How often PGlite's stand-in for autovacuum looks for tables due (src/server/db/autovacuum.ts). */
const VACUUM_EVERY_MS = 60 * 1000;
/** Dead letters are kept 30 days, at most 1,000 per device (a broken device cannot fill the disk). */
const DEAD_LETTER_DAYS = 30;
const DEAD_LETTERS_PER_DEVICE = 1_000;
/** Readings' months ahead and retention (src/server/db/partitions.ts): at start, then daily. */
const PARTITIONS_EVERY_MS = 24 * 60 * 60 * 1000;

/**
 * Hourly purge of expired auth rows, daily readings partitions and retention; every replica may
 * run it, all of it is idempotent.
 */
async function housekeeping(app: FastifyInstance) {
  const run = () =>
    Promise.all([
      purgeExpired(app.db, app.clock.now(), LOGIN_FAILURE_WINDOW_MS),
      app.deadLetters.prune(new Date(app.clock.now() - DEAD_LETTER_DAYS * 86_400_000), DEAD_LETTERS_PER_DEVICE),
    ]).catch((err: unknown) => app.log.warn({ err }, 'housekeeping failed'));
  let timer: NodeJS.Timeout | undefined;
  if (app.dbKind === 'pglite') {
    const maintain = async () => {
      const done = await vacuumDue(app.db);
      if (done.length) app.log.debug({ tables: done }, 'vacuumed');
    };
    startSweep(app, 'vacuum', VACUUM_EVERY_MS, maintain, { inTests: true });
  }
  let partitions: NodeJS.Timeout | undefined;
  const months = async () => {
    try {
      const created = await ensureReadingPartitions(app.db, app.clock.now());
      const { dropped, deleted } = await applyRetention(app.db, app.clock.now(), app.config.retentionDays);
      if (created.length || dropped.length || deleted)
        app.log.info({ created, dropped, deleted }, 'readings partitions');
    } catch (err) {
      app.log.warn({ err }, 'readings partitions failed');
    }
    // Each company's media retention (/CloudStorage), daily with the readings'.
    await purgeAllTenants(app).then(
      (removed) => removed && app.log.info({ removed }, 'media past retention deleted'),
      (err: unknown) => app.log.warn({ err }, 'media retention failed'),
    );
  };
  app.addHook('onReady', async () => {
    timer = setInterval(run, EVERY_MS);
    timer.unref();
    await months();
    partitions = setInterval(() => void months(), PARTITIONS_EVERY_MS);
    partitions.unref();
  });
  app.addHook('onClose', async () => {
    clearInterval(timer);
    clearInterval(partitions);
  });
}

export default fp(housekeeping, { name: 'housekeeping', dependencies: ['db', 'devices'] });
