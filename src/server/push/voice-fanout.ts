import type { FastifyBaseLogger } from 'fastify';
import { z } from 'zod';
import { voiceNoticeSchema, type VoiceNotice } from '../../shared/alarms/push';
import type { Broker } from '../broker/types';
import type { VoiceSockets } from './voice-socket';

/**
 * The service's own topic for voice notices between replicas. Each replica holds the voice
 * sockets of the consoles connected to it, while an alarm is raised by the one replica that
 * ingested its message, so on an external broker the notice travels through the broker and
 * every replica speaks it on its own sockets. Consoles may never subscribe here (the broker ACL
 * grants them only their own topics).
 */
const VOICE_FANOUT_TOPIC = 'svc/voice/notices';

const fanoutSchema = z.object({ ids: z.array(z.number().int()).max(100_000), notice: voiceNoticeSchema });

/** Where the push sends voice notices: the local sockets, or every replica's through the broker. */
type VoiceSink = Pick<VoiceSockets, 'send'>;

export async function voiceSink(broker: Broker, sockets: VoiceSockets, log: FastifyBaseLogger): Promise<VoiceSink> {
  if (broker.kind === 'embedded') return sockets;
  // Not awaited: an unreachable broker must not hold up start-up (mqtt.js subscribes once connected).
  broker
    .subscribe(VOICE_FANOUT_TOPIC, (_topic, payload) => {
      try {
        const parsed = fanoutSchema.safeParse(JSON.parse(payload.toString('utf8')));
        if (parsed.success) sockets.send(parsed.data.ids, parsed.data.notice);
        else log.warn({ topic: VOICE_FANOUT_TOPIC }, 'malformed voice fan-out message dropped');
      } catch {
        log.warn({ topic: VOICE_FANOUT_TOPIC }, 'malformed voice fan-out message dropped');
      }
    })
    .catch((err: unknown) => log.error({ err }, 'voice fan-out subscription failed'));
  return {
    send(userIds: Iterable<number>, notice: VoiceNotice): number {
      broker
        .publish(VOICE_FANOUT_TOPIC, { ids: [...userIds], notice }, { qos: 0 })
        .catch((err: unknown) => log.error({ err }, 'voice fan-out publish failed'));
      return 0;
    },
  };
}
