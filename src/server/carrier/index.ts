import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { SimulatedCarrier } from './simulated';
import type { Carrier } from './types';

export { CarrierError } from './types';
export { withRetry, type RetryOptions } from './retry';
export { SimulatedCarrier } from './simulated';

/**
 * Which carrier platform answers (docs/carrier.md). Only the simulated carrier is built in; a real
 * platform's adapter implements `Carrier` (./types.ts) and gets its name here.
 *   CARRIER_PROVIDER      simulated (default)
 *   CARRIER_SIM_DELAY_MS  each call takes up to this long (default 800; 0 in tests)
 *   CARRIER_SIM_FAIL_RATE chance of a transient failure per call (default 0.1; 0 in tests)
 *   CARRIER_SIM_SEED      seed of the failures and delays (default 17)
 */
const carrierEnv = z.object({
  CARRIER_PROVIDER: z.enum(['simulated']).default('simulated'),
  CARRIER_SIM_DELAY_MS: z.coerce.number().int().min(0).max(60_000).optional(),
  CARRIER_SIM_FAIL_RATE: z.coerce.number().min(0).max(1).optional(),
  CARRIER_SIM_SEED: z.coerce.number().int().optional(),
});

/** By the app's database: a plugin's encapsulated instance is another object, the database is the same. */
const carriers = new WeakMap<object, Carrier>();

function createCarrier(app: FastifyInstance, env: NodeJS.ProcessEnv = process.env): Carrier {
  const parsed = carrierEnv.safeParse(env);
  if (!parsed.success)
    throw new Error(
      `carrier settings: ${parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ')}`,
    );
  const e = parsed.data;
  const test = app.config.env === 'test';
  return new SimulatedCarrier(app.db, {
    delayMs: e.CARRIER_SIM_DELAY_MS ?? (test ? 0 : 800),
    failRate: e.CARRIER_SIM_FAIL_RATE ?? (test ? 0 : 0.1),
    seed: e.CARRIER_SIM_SEED ?? 17,
    timeZone: app.config.timeZone,
    now: () => app.clock.now(),
  });
}

/** The service's carrier: built from the environment on first use, one per app (tests may swap it). */
export function carrierOf(app: FastifyInstance): Carrier {
  let carrier = carriers.get(app.db);
  if (!carrier) {
    carrier = createCarrier(app);
    carriers.set(app.db, carrier);
  }
  return carrier;
}

/** Puts another carrier in place (tests, or an adapter wired by hand). */
export function setCarrier(app: FastifyInstance, carrier: Carrier): void {
  carriers.set(app.db, carrier);
}
