import { and, count, desc, eq } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { Code } from '../../../shared/api';
import { deadLetterListBody, type DeadLetterRow } from '../../../shared/devices/api';
import { deviceDeadLetters } from '../../db/schema';
import { fail } from '../../lib/api-error';
import { authed } from '../../auth/request';
import { deviceInScope } from '../../devices/scope';

/** Text when the payload is valid UTF-8 (JSON), else null (CBOR or garbage: see payloadBase64). */
function textOf(payload: Buffer): string | null {
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(payload);
  } catch {
    return null;
  }
}

/**
 * POST /api/device/deadLetter/list: the messages of one device the service could not take
 * (devices/dead-letters.ts), newest first; administrators of its tenant and super administrators.
 */
const deadLetterRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/deadLetter/list',
    {
      schema: {
        tags: ['device'],
        summary: "A device's messages that could not be taken (dead letters), newest first",
        body: deadLetterListBody,
      },
    },
    async (request, reply) => {
      const { scope } = authed(request);
      if (scope.kind !== 'super' && scope.kind !== 'admin') fail(Code.FORBIDDEN, 'noPermission');
      const d = await deviceInScope(app, request, request.body.imei);
      const { page, size } = request.body;
      const where = and(eq(deviceDeadLetters.deviceId, d.id));
      const [rows, [total]] = await Promise.all([
        app.db
          .select()
          .from(deviceDeadLetters)
          .where(where)
          .orderBy(desc(deviceDeadLetters.id))
          .limit(size)
          .offset((page - 1) * size),
        app.db.select({ n: count() }).from(deviceDeadLetters).where(where),
      ]);
      const out: DeadLetterRow[] = rows.map((r) => ({
        id: r.id,
        createdAt: r.createdAt.toISOString(),
        topic: r.topic,
        reason: r.reason,
        error: r.error,
        size: r.payload.length,
        payload: textOf(r.payload),
        payloadBase64: r.payload.toString('base64'),
      }));
      return reply.ok({ rows: out, total: Number(total?.n ?? 0) });
    },
  );
};

export default deadLetterRoutes;
