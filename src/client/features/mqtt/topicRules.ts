/**
 * The checks the /mqtt page runs before anything reaches the broker (MQTT 3.1.1 section 4.7 topic
 * rules), so an installer reads a clear reason instead of a connection the broker cut. Each check
 * answers a problem code or null; the screen turns codes into words (problemText.ts).
 */

export type QoS = 0 | 1 | 2;
export const QOS_LEVELS: readonly QoS[] = [0, 1, 2];

/**
 * The embedded broker cuts a connection announcing a larger packet (DEFAULT_MAX_PACKET_BYTES of
 * src/server/broker/packet-limit.ts); the page refuses such a publication before sending it.
 */
export const MAX_PACKET_BYTES = 256 * 1024;

/** A topic or filter is a length-prefixed UTF-8 string: 65,535 bytes at most. */
const MAX_TOPIC_BYTES = 65_535;

export type TopicProblem = 'empty' | 'tooLong' | 'nul' | 'wildcard' | 'badHash' | 'badPlus' | 'badShare';
export type UrlProblem = 'empty' | 'badUrl';
export type FieldProblem = 'required' | 'keepalive';

export const utf8Bytes = (text: string): number => new TextEncoder().encode(text).length;

function basic(topic: string): TopicProblem | null {
  if (topic === '') return 'empty';
  if (topic.includes('\u0000')) return 'nul';
  if (utf8Bytes(topic) > MAX_TOPIC_BYTES) return 'tooLong';
  return null;
}

/** A topic to publish to: no wildcards at all. */
export function publishTopicProblem(topic: string): TopicProblem | null {
  return basic(topic) ?? (/[+#]/.test(topic) ? 'wildcard' : null);
}

/**
 * A subscription filter: `+` fills a whole level, `#` a whole last level (`a/#/b`, `a/b#` and
 * `a+` are invalid). `$share/{group}/{filter}` names a non-empty group without wildcards.
 */
export function filterProblem(filter: string): TopicProblem | null {
  const first = basic(filter);
  if (first) return first;
  let levels = filter.split('/');
  if (levels[0] === '$share') {
    if (levels.length < 3 || !levels[1] || /[+#]/.test(levels[1])) return 'badShare';
    levels = levels.slice(2);
  }
  for (let i = 0; i < levels.length; i++) {
    const level = levels[i]!;
    if (level.includes('#') && (level !== '#' || i !== levels.length - 1)) return 'badHash';
    if (level.includes('+') && level !== '+') return 'badPlus';
  }
  return null;
}

export const hasWildcard = (filter: string): boolean => /(^|\/)[+#](\/|$)/.test(filter);

/** Browsers speak MQTT over WebSocket only, so the broker address is a ws:// or wss:// URL. */
export function brokerUrlProblem(url: string): UrlProblem | null {
  const value = url.trim();
  if (!value) return 'empty';
  try {
    const parsed = new URL(value);
    return parsed.protocol === 'ws:' || parsed.protocol === 'wss:' ? null : 'badUrl';
  } catch {
    return 'badUrl';
  }
}

/** Keep-alive in seconds: 0 (off) to 65,535, a whole number. */
export function keepaliveProblem(value: number | string): FieldProblem | null {
  const n = typeof value === 'number' ? value : value.trim() === '' ? NaN : Number(value);
  return Number.isInteger(n) && n >= 0 && n <= 65_535 ? null : 'keepalive';
}

/** Bytes of a PUBLISH packet: fixed header, topic, packet id (QoS 1 and 2), payload. */
export function publishPacketBytes(topicBytes: number, payloadBytes: number, qos: QoS): number {
  const remaining = 2 + topicBytes + (qos > 0 ? 2 : 0) + payloadBytes;
  const lengthBytes = remaining < 128 ? 1 : remaining < 16_384 ? 2 : remaining < 2_097_152 ? 3 : 4;
  return 1 + lengthBytes + remaining;
}

/** The payload's size in bytes when its packet would be over the broker's limit, else null. */
export function oversizedPayload(topic: string, payload: string, qos: QoS, max = MAX_PACKET_BYTES): number | null {
  const bytes = utf8Bytes(payload);
  return publishPacketBytes(utf8Bytes(topic), bytes, qos) > max ? bytes : null;
}

/**
 * A client id of the form the broker binds to the username (docs/device-protocol.md "Client ids"):
 * `user_{user id}_{time}` for a console's user id, `dev_{imei}_{time}` for a device's IMEI (the
 * time keeps it apart from the device's own connection), `user_{time}` before a username is typed.
 */
export function newClientId(username = '', now: number = Date.now()): string {
  const name = username.trim();
  if (/^\d{1,10}$/.test(name)) return `user_${name}_${now}`;
  if (/^[0-9A-Za-z]{6,20}$/.test(name)) return `dev_${name}_${now}`;
  return `user_${now}`;
}
