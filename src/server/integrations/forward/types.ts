import { redactUrlPassword } from '../../auth/log-redact';
import type { DeliveryResult, IntegrationEvent } from '../target';

/** A forwarding target as the transports use it: the URL with its password (never shown or logged). */
export interface ForwardTarget {
  id: number;
  tenantId: number;
  kind: 'amqp' | 'mqtt';
  url: string;
  /** AMQP: the topic exchange published to (asserted durable once per connection). */
  exchange: string;
  /** AMQP: `{tenantId}` and `{type}` are filled per event (`12.alarm.raised`). */
  routingKey: string;
  /** MQTT: `{tenantId}` is filled; the event type follows with its dots as slashes. */
  topicPrefix: string;
}

const fill = (template: string, e: IntegrationEvent) =>
  template.replaceAll('{tenantId}', String(e.tenantId)).replaceAll('{type}', e.type);

/** The AMQP routing key of an event (docs/integrations.md "AMQP topology"). */
export const routingKeyOf = (t: Pick<ForwardTarget, 'routingKey'>, e: IntegrationEvent) => fill(t.routingKey, e);

/** The MQTT topic of an event: `console/12/alarm/raised` under the default prefix. */
export const topicOf = (t: Pick<ForwardTarget, 'topicPrefix'>, e: IntegrationEvent) =>
  fill(t.topicPrefix, e) + e.type.replaceAll('.', '/');

/** The payload every broker gets: the event's JSON, as a webhook's body. */
export const bodyOf = (e: IntegrationEvent) => Buffer.from(JSON.stringify(e));

/** How much of an error the deliveries screen keeps. */
const EXCERPT_CHARS = 300;

/**
 * A failed delivery worth another attempt: a broker away, a lost connection, a missing confirm;
 * the outbox retries it. The excerpt never carries the target's password.
 */
export function retryLater(err: unknown, startedAt: number, target: Pick<ForwardTarget, 'url'>): DeliveryResult {
  const text = err instanceof Error ? err.message : String(err);
  return {
    ok: false,
    retry: true,
    durationMs: Math.round(performance.now() - startedAt),
    excerpt: hideSecret(text, target.url).slice(0, EXCERPT_CHARS),
  };
}

export const delivered = (startedAt: number): DeliveryResult => ({
  ok: true,
  retry: false,
  durationMs: Math.round(performance.now() - startedAt),
});

/** An error text with the URL's password (and the URL itself) masked, should a client library quote them. */
export function hideSecret(text: string, url: string): string {
  let out = text.replaceAll(url, redactUrlPassword(url));
  try {
    const password = decodeURIComponent(new URL(url).password);
    if (password.length >= 3) out = out.replaceAll(password, '***');
  } catch {
    // not a URL: nothing to hide
  }
  return out;
}

/** Delay before the next connection attempt after `failures` failed ones: 250 ms doubling to 30 s. */
export const backoffMs = (failures: number) => Math.min(30_000, 250 * 2 ** Math.max(0, failures - 1));
