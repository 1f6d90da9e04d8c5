import type { FastifyInstance } from 'fastify';

interface SweepOptions {
  /** Run once as soon as the service is ready, not only after the first interval. */
  runAtStart?: boolean;
  /** Run in the service's test mode too (most sweeps stay off there: tests call the job with their clock). */
  inTests?: boolean;
}

/**
 * A periodic background job of the service (reconcile payments, finalise attendance, deliver
 * scheduled announcements ...): `run` every `everyMs` once the app is ready, never two runs at
 * once, a failure logged as one warning naming the sweep and the next run going on; stopped when
 * the app closes. `everyMs` 0 turns it off. Every replica may run the same sweep, so `run` must be
 * idempotent.
 */
export function startSweep(
  app: FastifyInstance,
  name: string,
  everyMs: number,
  run: () => Promise<unknown>,
  opts: SweepOptions = {},
): void {
  if (!everyMs || (app.config.env === 'test' && !opts.inTests)) return;
  let timer: NodeJS.Timeout | undefined;
  let running = false;
  const tick = async () => {
    if (running) return;
    running = true;
    try {
      await run();
    } catch (err) {
      app.log.warn({ err }, `${name} failed`);
    } finally {
      running = false;
    }
  };
  app.addHook('onReady', async () => {
    if (opts.runAtStart) void tick();
    timer = setInterval(() => void tick(), everyMs);
    timer.unref();
  });
  app.addHook('onClose', async () => clearInterval(timer));
}
