import { randomUUID } from 'node:crypto';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { Code } from '../../shared/api';
import { idBody } from '../../shared/resources/list';
import { superOnly } from '../../server/engine/guards';
import { ForwardTransport, loadForwardTarget, routingKeyOf, topicOf } from '../../server/integrations/forward';
import type { IntegrationEvent } from '../../server/integrations/target';
import { fail } from '../../server/lib/api-error';
import { ctxOf } from '../../server/devices/scope';

/** How long "test connection" waits for the broker: to connect, then to confirm. */
const TEST_TIMEOUT_MS = 5_000;

const plugin: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/test',
    {
      config: { write: true },
      schema: {
        tags: ['integration'],
        summary:
          "Test a forwarding target (super administrators): publishes a 'test' event on a fresh connection to its broker and answers the result (ok, retry, durationMs, excerpt of the error) with where it went",
        body: idBody,
      },
    },
    async (request, reply) => {
      const ctx = ctxOf(request);
      superOnly(ctx);
      const target = await loadForwardTarget(app.db, request.body.id);
      if (!target) return fail(Code.NOT_FOUND, 'notFound');
      const event: IntegrationEvent = {
        id: randomUUID(),
        version: 1,
        type: 'test',
        tenantId: target.tenantId,
        occurredAt: new Date(app.clock.now()).toISOString(),
        data: { targetId: target.id, message: 'test event from the console' },
      };
      // A connection of its own: the test says whether the broker takes a publish now, from scratch.
      const transport = new ForwardTransport({
        connectTimeoutMs: TEST_TIMEOUT_MS,
        confirmTimeoutMs: TEST_TIMEOUT_MS,
        ackTimeoutMs: TEST_TIMEOUT_MS,
        connectWaitMs: TEST_TIMEOUT_MS,
        onWarn: (line) => request.log.warn(line),
      });
      try {
        const [result] = await transport.deliver(target, [{ outboxId: 0, event, attempts: 0 }]);
        return reply.ok({
          ...result!,
          eventId: event.id,
          ...(target.kind === 'amqp'
            ? { exchange: target.exchange, routingKey: routingKeyOf(target, event) }
            : { topic: topicOf(target, event) }),
        });
      } finally {
        await transport.close();
      }
    },
  );
};

export default plugin;
