import http from 'node:http';
import https from 'node:https';
import type { LookupFunction } from 'node:net';
import { isIP } from 'node:net';
import { and, eq } from 'drizzle-orm';
import type { Db } from '../../server/db/driver';
import { addressesOf, hostOf, isPrivateAddress } from '../../server/integrations/address';
import { integrationKey, open } from '../../server/integrations/secret-box';
import {
  SUBSCRIBERS_TTL_MS,
  type Delivery,
  type DeliveryResult,
  type IntegrationEventType,
  type Subscriber,
  type TargetKind,
  type Transport,
} from '../../server/integrations/target';
import { hmacSha256 } from '../../server/lib/crypto';
import type { Clock } from '../../server/lib/clock';
import { TenantCache } from '../../server/lib/tenant-cache';
import { webhooks } from './table';

/** A webhook endpoint as the transport needs it (the secret opened). */
export interface WebhookTarget {
  id: number;
  tenantId: number;
  url: string;
  secret: string;
}

/** How long a request may take, connection included (docs/integrations.md "Retries"). */
const WEBHOOK_TIMEOUT_MS = 10_000;
/** Characters of the answer kept for the deliveries screen. */
const EXCERPT_CHARS = 500;
/** How long a loaded endpoint (URL, opened secret) is used before it is read again; a change empties the cache at once. */
const TARGET_TTL_MS = 10_000;

/** `sha256=<hex HMAC-SHA256 of the raw body with the secret>`: the X-Signature header. */
const signature = (secret: string, body: string) => `sha256=${hmacSha256(secret, body).toString('hex')}`;

/** Whether an answer's status is worth another attempt later: 5xx, 408, 429. */
const retryableStatus = (status: number) => status >= 500 || status === 408 || status === 429;

class PrivateAddressError extends Error {
  override name = 'PrivateAddressError';
  constructor(readonly address: string) {
    super(`refused: ${address} is a private, loopback or link-local address`);
  }
}

/**
 * The connection's name resolution: every address the name stands for is checked at each
 * connection (DNS rebinding: a name public when the endpoint was added may point inside later).
 */
const guardedLookup: LookupFunction = (hostname, options, callback) => {
  addressesOf(hostname).then(
    (all) => {
      const bad = all.find(isPrivateAddress);
      if (bad) return callback(new PrivateAddressError(bad), '', 4);
      const wanted = options.family === 6 ? 6 : options.family === 4 ? 4 : 0;
      const pick = all.find((a) => wanted === 0 || isIP(a) === wanted) ?? all[0];
      if (!pick) return callback(Object.assign(new Error(`${hostname} has no address`), { code: 'ENOTFOUND' }), '', 4);
      if (options.all)
        (callback as (e: null, a: { address: string; family: number }[]) => void)(null, [
          { address: pick, family: isIP(pick) },
        ]);
      else callback(null, pick, isIP(pick));
    },
    (err: unknown) => callback(err as NodeJS.ErrnoException, '', 4),
  );
};

interface WebhookTransportOptions {
  allowPrivate: boolean;
  userAgent: string;
  clock: Clock;
  timeoutMs?: number;
}

/**
 * Delivers to a webhook endpoint: one POST per delivery, JSON, signed; redirects are answers (not
 * followed), the answer's first characters are kept.
 */
export class WebhookTransport implements Transport<WebhookTarget> {
  private readonly agents = {
    'http:': new http.Agent({ keepAlive: true, maxSockets: 16 }),
    'https:': new https.Agent({ keepAlive: true, maxSockets: 16 }),
  };

  constructor(private readonly opts: WebhookTransportOptions) {}

  async deliver(target: WebhookTarget, deliveries: Delivery[]): Promise<DeliveryResult[]> {
    const out: DeliveryResult[] = [];
    for (const d of deliveries) out.push(await this.post(target, d));
    return out;
  }

  async close(): Promise<void> {
    this.agents['http:'].destroy();
    this.agents['https:'].destroy();
  }

  private async post(target: WebhookTarget, d: Delivery): Promise<DeliveryResult> {
    const started = performance.now();
    const took = () => performance.now() - started;
    const body = JSON.stringify(d.event);
    let url: URL;
    try {
      url = new URL(target.url);
    } catch {
      return { ok: false, retry: false, durationMs: 0, excerpt: 'invalid URL' };
    }
    if (url.protocol !== 'http:' && url.protocol !== 'https:')
      return { ok: false, retry: false, durationMs: 0, excerpt: 'only http and https' };
    const host = hostOf(url);
    if (!this.opts.allowPrivate && isIP(host) && isPrivateAddress(host))
      return { ok: false, retry: false, durationMs: 0, excerpt: new PrivateAddressError(host).message };
    const headers = {
      'content-type': 'application/json',
      'content-length': Buffer.byteLength(body),
      'user-agent': this.opts.userAgent,
      'x-event-type': d.event.type,
      'x-idempotency-key': d.event.id,
      'x-timestamp': String(Math.floor(this.opts.clock.now() / 1000)),
      'x-signature': signature(target.secret, body),
    };
    const lib = url.protocol === 'https:' ? https : http;
    return new Promise<DeliveryResult>((resolve) => {
      const req = lib.request(
        url,
        {
          method: 'POST',
          headers,
          agent: this.agents[url.protocol as 'http:' | 'https:'],
          lookup: this.opts.allowPrivate ? undefined : guardedLookup,
          timeout: this.opts.timeoutMs ?? WEBHOOK_TIMEOUT_MS,
          signal: AbortSignal.timeout(this.opts.timeoutMs ?? WEBHOOK_TIMEOUT_MS),
        },
        (res) => {
          const status = res.statusCode ?? 0;
          let excerpt = '';
          res.setEncoding('utf8');
          res.on('data', (chunk: string) => {
            if (excerpt.length < EXCERPT_CHARS) excerpt += chunk;
          });
          const done = () => {
            const location = res.headers.location;
            if (status >= 300 && status < 400)
              excerpt = `redirect not followed${location ? `: ${location}` : ''} ${excerpt}`.trim();
            resolve({
              ok: status >= 200 && status < 300,
              retry: retryableStatus(status),
              status,
              durationMs: took(),
              excerpt: excerpt.slice(0, EXCERPT_CHARS),
            });
          };
          res.on('end', done);
          res.on('error', () => done());
        },
      );
      req.on('timeout', () => req.destroy(Object.assign(new Error('timed out'), { code: 'ETIMEDOUT' })));
      req.on('error', (err: NodeJS.ErrnoException) => {
        const refused = err instanceof PrivateAddressError;
        resolve({
          ok: false,
          // Timeouts, refused and reset connections and name errors are retried; a private address is final.
          retry: !refused,
          durationMs: took(),
          excerpt: `${err.code ? `${err.code}: ` : ''}${err.message}`.slice(0, EXCERPT_CHARS),
        });
      });
      req.end(body);
    });
  }
}

interface WebhookKindDeps {
  db: Db;
  clock: Clock;
  transport: Transport<WebhookTarget>;
}

interface Subscribed extends Subscriber {
  events: string[];
}

/** The outbox's 'webhook' kind: a tenant's enabled endpoints by event type (cached), loaded with the secret opened. */
export function webhookKind(deps: WebhookKindDeps): TargetKind<WebhookTarget> {
  const cache = new TenantCache<Subscribed[]>(
    async (tenantId) =>
      (
        await deps.db
          .select({ id: webhooks.id, events: webhooks.events, positionEverySec: webhooks.positionEverySec })
          .from(webhooks)
          .where(and(eq(webhooks.tenantId, tenantId), eq(webhooks.enabled, true)))
      ).map((w) => ({ ...w, events: Array.isArray(w.events) ? w.events : [] })),
    deps.clock,
    SUBSCRIBERS_TTL_MS,
  );
  // Loaded targets, kept briefly: an SOS to 100 endpoints loads each without a query (invalidate empties it).
  const loaded = new Map<number, { at: number; target: WebhookTarget | undefined }>();
  return {
    kind: 'webhook',
    batch: 1,
    transport: deps.transport as Transport<WebhookTarget>,
    async subscribers(tenantId: number, type: IntegrationEventType) {
      return (await cache.get(tenantId)).filter((w) => w.events.includes(type));
    },
    wants: (tenantId, type) => cache.peek(tenantId)?.some((w) => w.events.includes(type)),
    async load(id: number) {
      const hit = loaded.get(id);
      if (hit && deps.clock.now() - hit.at < TARGET_TTL_MS) return hit.target;
      const target = await loadTarget(id);
      loaded.set(id, { at: deps.clock.now(), target });
      return target;
    },
    invalidate: (tenantId) => {
      cache.invalidate(tenantId);
      loaded.clear();
    },
  };

  async function loadTarget(id: number): Promise<WebhookTarget | undefined> {
    const [row] = await deps.db
      .select({ id: webhooks.id, tenantId: webhooks.tenantId, url: webhooks.url, secret: webhooks.secret })
      .from(webhooks)
      .where(eq(webhooks.id, id));
    if (!row) return undefined;
    return { ...row, secret: open(await integrationKey(deps.db), row.secret) };
  }
}
