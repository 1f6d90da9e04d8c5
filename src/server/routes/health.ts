import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { envelopeOf } from './schemas';

const health: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/health',
    {
      config: { public: true },
      schema: {
        tags: ['system'],
        summary: 'Which database and broker this process uses, and its version',
        response: {
          200: envelopeOf(
            z.object({
              db: z.enum(['pglite', 'postgres']),
              broker: z.enum(['embedded', 'external']),
              version: z.string(),
              /** Device messages kept as dead letters (all replicas), and those this process could not even keep. */
              deadLetters: z.number(),
              deadLettersLost: z.number(),
            }),
          ),
        },
      },
    },
    async (_request, reply) =>
      reply.ok({
        db: app.dbKind,
        broker: app.broker.kind,
        version: app.appVersion,
        deadLetters: await app.deadLetters.total(),
        deadLettersLost: app.deadLetters.lost,
      }),
  );
};

export default health;
