import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { and, eq } from 'drizzle-orm';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { acknowledgeAlarms } from '../alarms/ack';
import { toAlarmRecord } from '../alarms/records';
import { alarmRecords } from '../db/schema';
import type { Scope } from '../db/scope';
import { ackLinkSecret, verifyAckToken, type AckClaims } from './ack-link';
import { langOf, renderAckPage, type AckPage } from './ack-page';

const STATUS: Record<AckPage['state'], number> = {
  open: 200,
  done: 200,
  handled: 409,
  taken: 409,
  invalid: 403,
  expired: 410,
  missing: 404,
};

/**
 * The reply link of escalation SMS and e-mail (docs/alarms.md "Acknowledge by replying"), mounted
 * at /api/ack: GET shows the alarm and one button, never acknowledging (link previewers fetch
 * links); the button's POST acknowledges through the console's own `alarm/ack` path, as the
 * person the message went to, within the company the token names.
 */
export default async function ackRoutes(app: FastifyInstance) {
  // The button posts an empty form: its body is not read.
  app.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string', bodyLimit: 1024 },
    (_r, _b, done) => done(null, undefined),
  );

  async function check(token: string): Promise<{ claims: AckClaims } | { state: 'invalid' | 'expired' }> {
    const checked = verifyAckToken(await ackLinkSecret(app.db), token, app.clock.now());
    return checked.ok ? { claims: checked.claims } : { state: checked.reason };
  }

  async function alarmOf(claims: AckClaims) {
    const [row] = await app.db
      .select()
      .from(alarmRecords)
      .where(and(eq(alarmRecords.id, claims.alarmId), eq(alarmRecords.tenantId, claims.tenantId)));
    return row && toAlarmRecord(row);
  }

  function send(request: FastifyRequest, reply: FastifyReply, page: Omit<AckPage, 'lang' | 'timeZone'>) {
    const lang = langOf(request.headers['accept-language']);
    return reply
      .status(
        request.method === 'GET' && (page.state === 'taken' || page.state === 'handled') ? 200 : STATUS[page.state],
      )
      .header('cache-control', 'no-store')
      .header('x-robots-tag', 'noindex')
      .type('text/html; charset=utf-8')
      .send(renderAckPage({ ...page, lang, timeZone: app.config.timeZone }));
  }

  const r = app.withTypeProvider<ZodTypeProvider>();
  const params = z.object({ token: z.string().max(300) });

  r.get(
    '/:token',
    {
      config: { public: true },
      schema: {
        tags: ['alarm'],
        summary: "A notification's reply link: the alarm and its 我来处理 button (HTML)",
        params,
      },
    },
    async (request, reply) => {
      const checked = await check(request.params.token);
      if ('state' in checked) return send(request, reply, { state: checked.state });
      const alarm = await alarmOf(checked.claims);
      if (!alarm) return send(request, reply, { state: 'missing' });
      const state = alarm.ackedAt ? 'taken' : alarm.handleState !== 0 ? 'handled' : 'open';
      return send(request, reply, { alarm, state });
    },
  );

  r.post(
    '/:token',
    {
      config: { public: true },
      schema: {
        tags: ['alarm'],
        summary: "A notification's reply link's button: acknowledge the alarm as the person told (HTML)",
        params,
      },
    },
    async (request, reply) => {
      const checked = await check(request.params.token);
      if ('state' in checked) return send(request, reply, { state: checked.state });
      const { alarmId, tenantId, label, pushedTo } = checked.claims;
      if (!(await alarmOf(checked.claims))) return send(request, reply, { state: 'missing' });
      // The token's company only: a company's administrator scope. A reply link has no user behind
      // it (acked_by stays null); a phone's notification names the user it was pushed to.
      const scope: Scope = { userId: 0, tenantId, kind: 'admin' };
      const by = pushedTo
        ? { id: pushedTo, name: label, via: 'push' as const }
        : { id: 0, name: label, via: 'link' as const };
      const { changed } = await acknowledgeAlarms(app, request.log, scope, [alarmId], by);
      const alarm = await alarmOf(checked.claims);
      if (!alarm) return send(request, reply, { state: 'missing' });
      const state = changed.length ? 'done' : alarm.ackedAt ? 'taken' : 'handled';
      return send(request, reply, { alarm, state });
    },
  );
}
