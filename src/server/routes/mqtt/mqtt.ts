import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { authenticate, checkPublish, checkSubscribe, principalOf, type AccessDeps } from '../../broker/access';
import { clientIdAllowed, type Principal } from '../../broker/acl';
import { safeEqual, sha256 } from '../../lib/crypto';

/*
 * HTTP auth backend for external brokers: the embedded broker's rules, served to Mosquitto
 * (mosquitto-go-auth, HTTP backend) and EMQX (HTTP authn/authz) so they enforce the same ACL.
 *
 * POST /api/mqtt/auth  JSON {username, password, clientid}  -> may this client connect?
 *   Devices: username = IMEI, password = the device secret (known, not pending stock-in or recycled).
 *   Consoles: username = the user's id, password = its session token (live, not revoked).
 *   clientid: bound to who connects (acl.ts clientIdAllowed): `dev_{imei}` for that device only,
 *   `user_{user id}...` for consoles; without one the broker cannot be told who may take over
 *   whose session, so a call without it is refused.
 * POST /api/mqtt/acl   JSON {username, topic, clientid?, acc? | action?}  -> may it use this topic?
 *   acc (mosquitto-go-auth): 1 read, 2 write (publish), 3 read+write, 4 subscribe;
 *   action (EMQX): "publish" | "subscribe" | "all".
 *
 * Answer: allowed -> HTTP 200 {ok: true, result: "allow", ...envelope};
 *         refused -> HTTP 403 {ok: false, error, result: "deny", ...envelope}.
 * That fits mosquitto-go-auth's `status` and `json` response modes (params_mode json) and
 * EMQX 4. EMQX 5 treats any 4xx as "ignore", so point it at `...?broker=emqx`, which answers a
 * refusal as HTTP 200 {result: "deny"} instead.
 * Any error, including a malformed request, is a refusal, never an accidental 200.
 * The service's own broker account must be allowed by the broker itself (e.g. a superuser).
 *
 * Only the broker may ask: every call carries MQTT_HTTP_SECRET, as `Authorization: Bearer <secret>`
 * (EMQX request headers) or as the whole User-Agent (mosquitto-go-auth's HTTP backend can set no
 * other header: auth_opt_http_user_agent). Otherwise anyone could probe which IMEIs exist. Without
 * a configured secret the hooks answer 404 to everyone; a missing or wrong one gets 401.
 */

const query = z.object({ broker: z.enum(['emqx']).optional() }).optional();
const authBody = z.looseObject({
  username: z.string().optional(),
  password: z.string().optional(),
  clientid: z.string().optional(),
});
const aclBody = z.looseObject({
  username: z.string().optional(),
  clientid: z.string().optional(),
  topic: z.string().optional(),
  acc: z.coerce.number().int().optional(),
  action: z.enum(['publish', 'subscribe', 'all']).optional(),
});

function decide(reply: FastifyReply, allow: boolean, why = 'not authorized', refusedStatus = 403) {
  const emqx = (reply.request.query as { broker?: string } | undefined)?.broker === 'emqx';
  const body = {
    code: allow ? 0 : refusedStatus === 404 ? 404 : 403,
    msg: allow ? 'OK' : why,
    key: allow ? 'ok' : refusedStatus === 404 ? 'notFound' : 'noPermission',
    data: { allow },
    ok: allow,
    error: allow ? '' : why,
    result: allow ? 'allow' : 'deny',
    is_superuser: false,
  };
  return reply.status(allow || emqx ? 200 : refusedStatus).send(body);
}

async function aclAllows(
  app: AccessDeps,
  principal: Principal | undefined,
  topic: string,
  acc?: number,
  action?: string,
): Promise<boolean> {
  const canPub = () => checkPublish(app, principal, topic);
  const canSub = () => checkSubscribe(app, principal, topic);
  if (action === 'publish' || acc === 2) return canPub();
  if (action === 'subscribe' || acc === 1 || acc === 4) return canSub();
  if (action === 'all' || acc === 3) return (await canPub()) && (await canSub());
  return false;
}

/** The secret the caller presented, from either header the supported brokers can send. */
function presented(request: FastifyRequest): string | undefined {
  const bearer = /^Bearer\s+(.+?)\s*$/i.exec(request.headers.authorization ?? '')?.[1];
  return bearer ?? request.headers['user-agent'];
}

/** Compared as digests, so neither the content nor the length of the secret leaks through timing. */
function secretMatches(expected: string, given: string | undefined): boolean {
  return given !== undefined && safeEqual(Buffer.from(sha256(given)), Buffer.from(sha256(expected)));
}

const mqtt: FastifyPluginAsyncZod = async (app) => {
  // Before the body is parsed: an outsider learns nothing and costs nothing.
  app.addHook('onRequest', async (request, reply) => {
    const secret = app.config.mqttHttpSecret;
    if (!secret) return decide(reply, false, 'broker hooks are off (MQTT_HTTP_SECRET is not set)', 404);
    if (!secretMatches(secret, presented(request))) return decide(reply, false, 'bad broker secret', 401);
  });

  const common = {
    config: { public: true },
    errorHandler: (err: Error, _request: unknown, reply: FastifyReply) => {
      app.log.warn({ err }, 'mqtt auth hook refused a malformed or failed request');
      return decide(reply, false, 'bad request');
    },
  };

  app.post(
    '/auth',
    {
      ...common,
      schema: { tags: ['mqtt'], summary: 'Broker hook: may this client connect?', querystring: query, body: authBody },
    },
    async (request, reply) => {
      const { username, password, clientid } = request.body;
      const principal = await authenticate(app, username, password);
      if (!principal) return decide(reply, false, 'bad username or password');
      if (clientid === undefined) return decide(reply, false, 'no client id (configure the broker to send clientid)');
      return decide(reply, clientIdAllowed(principal, clientid), 'client id of another identity');
    },
  );

  app.post(
    '/acl',
    {
      ...common,
      schema: {
        tags: ['mqtt'],
        summary: 'Broker hook: may this client use this topic?',
        querystring: query,
        body: aclBody,
      },
    },
    async (request, reply) => {
      const { username, topic, acc, action } = request.body;
      if (!topic) return decide(reply, false);
      return decide(reply, await aclAllows(app, await principalOf(app, username), topic, acc, action));
    },
  );
};

export default mqtt;
