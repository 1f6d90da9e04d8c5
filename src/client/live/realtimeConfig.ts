import { MQTT_WS_PATH } from '../../shared/topics';
import { VOICE_WS_PATH } from '../../shared/alarms/push';

export interface RealtimeConfig {
  /** Absolute ws(s) URL of the broker. */
  mqttUrl: string;
  /** Absolute ws(s) URL of the voice-broadcast socket, without the token. */
  voiceUrl: string;
}

type Place = Pick<Location, 'protocol' | 'host'>;

/** A path on this host as a ws(s) URL; absolute URLs pass through. */
export function wsUrl(pathOrUrl: string, place: Place): string {
  if (/^wss?:\/\//i.test(pathOrUrl)) return pathOrUrl;
  const scheme = place.protocol === 'https:' ? 'wss' : 'ws';
  return `${scheme}://${place.host}${pathOrUrl.startsWith('/') ? '' : '/'}${pathOrUrl}`;
}

function pick(body: unknown): { mqttUrl?: unknown; voicePath?: unknown } {
  if (!body || typeof body !== 'object') return {};
  // Accept the bare answer and the service's usual {code, msg, data} envelope alike.
  const data = (body as { data?: unknown }).data;
  return (data && typeof data === 'object' ? data : body) as { mqttUrl?: unknown; voicePath?: unknown };
}

/**
 * `GET /api/realtime`: where the broker and the voice socket live. A null URL or a failed call
 * means this host (`/mqtt`, `/api/voice/ws`), which is what the embedded broker serves.
 */
export async function fetchRealtimeConfig(
  token: string | null,
  fetchImpl: typeof fetch = fetch,
  place: Place = location,
): Promise<RealtimeConfig> {
  let answer: { mqttUrl?: unknown; voicePath?: unknown } = {};
  try {
    const response = await fetchImpl('/api/realtime', {
      headers: token ? { Authorization: token, Accept: 'application/json' } : { Accept: 'application/json' },
    });
    if (response.ok) answer = pick(await response.json());
  } catch {
    // Fall back to this host below.
  }
  const mqtt = typeof answer.mqttUrl === 'string' && answer.mqttUrl ? answer.mqttUrl : MQTT_WS_PATH;
  const voice = typeof answer.voicePath === 'string' && answer.voicePath ? answer.voicePath : VOICE_WS_PATH;
  return { mqttUrl: wsUrl(mqtt, place), voiceUrl: wsUrl(voice, place) };
}
