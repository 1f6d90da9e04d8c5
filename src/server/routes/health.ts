import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { Code } from '../../shared/api';
import { envelope } from '../lib/api-error';
import { within } from '../../shared/within';
import { COMPONENTS, type Component } from '../../shared/health';
import { envelopeOf } from './schemas';

const state = z.enum(['ok', 'degraded', 'down']);
const component = z.object({ state, detail: z.string().optional() });
const healthSchema = z.object({
  /** The worst component; `ready` false (HTTP 503) while the service cannot store. */
  state,
  ready: z.boolean(),
  components: z.object(
    Object.fromEntries(COMPONENTS.map((c) => [c, component])) as Record<Component, typeof component>,
  ),
  db: z.enum(['pglite', 'postgres']),
  broker: z.enum(['embedded', 'external']),
  version: z.string(),
  /** Device messages kept as dead letters (all replicas), and those this process could not even keep. */
  deadLetters: z.number().nullable(),
  deadLettersLost: z.number(),
});

/**
 * Readiness and liveness (docs/reliability.md "Health"). /health answers within about a second
 * whatever is down, 503 while device messages cannot be stored (a load balancer stops sending
 * devices and consoles here); /health/live is 200 while the process answers at all (a
 * supervisor restarts it otherwise).
 */
const health: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/health',
    {
      config: { public: true },
      schema: {
        tags: ['system'],
        summary: 'Whether the service can store: each component ok, degraded or down (503 while it cannot)',
        response: { 200: envelopeOf(healthSchema), 503: envelopeOf(healthSchema) },
      },
    },
    async (_request, reply) => {
      const report = await app.health.report();
      const data = {
        ...report,
        db: app.dbKind,
        broker: app.broker.kind,
        version: app.appVersion,
        // The count reads the database: none while it is down, rather than a stale figure.
        deadLetters: report.components.database.state === 'down' ? null : await deadLetters(),
        deadLettersLost: app.deadLetters.lost,
      };
      if (report.ready) return reply.ok(data);
      return reply.status(503).send(envelope(Code.UNAVAILABLE, 'notReady', data));
    },
  );

  app.get(
    '/health/live',
    {
      config: { public: true },
      schema: {
        tags: ['system'],
        summary: 'Liveness: 200 while the process answers, whatever its database or broker',
        response: { 200: envelopeOf(z.object({ version: z.string() })) },
      },
    },
    async (_request, reply) => reply.ok({ version: app.appVersion }),
  );

  const deadLetters = () =>
    within(
      app.deadLetters.total().catch(() => null),
      500,
      () => null,
    );
};

export default health;
