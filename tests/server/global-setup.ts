import { mosquittoBinary, startMosquitto, type PrivateMosquitto } from './mosquitto';

let broker: PrivateMosquitto | undefined;

/**
 * The at-scale run (MQTT_URL set) talks to a Mosquitto configured as README "External broker"
 * asks. A Debian default Mosquitto keeps 20 QoS 1 messages in flight and 1,000 queued per
 * subscriber and drops the rest silently; with the ingest acknowledging after the commit, the
 * bursts of these tests overflow that. MQTT_PRIVATE_BROKER=0 uses MQTT_URL as it is.
 */
export async function setup(): Promise<void> {
  if (!process.env.MQTT_URL || process.env.MQTT_PRIVATE_BROKER === '0' || !mosquittoBinary()) return;
  broker = await startMosquitto();
  process.env.MQTT_URL = broker.url;
}

export async function teardown(): Promise<void> {
  await broker?.stop();
}
