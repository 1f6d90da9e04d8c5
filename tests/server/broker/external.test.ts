import { randomBytes } from 'node:crypto';
import mqtt from 'mqtt';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { topicMatches } from '../../../src/server/broker/topic-match';
import { buildTestApp, type TestApp } from '../helper';

describe('topic filters', () => {
  it.each([
    ['acm/+/web', 'acm/7/web', true],
    ['acm/#', 'acm/7/web', true],
    ['#', '$SYS/x', false],
    ['acm/+/web', 'acm/7/web/x', false],
    ['$share/svc/sfwatch/+/up', 'sfwatch/86/up', true],
    ['a/b', 'a/b', true],
    ['a/b', 'a', false],
  ])('%s matches %s: %s', (filter, topic, expected) => {
    expect(topicMatches(filter, topic)).toBe(expected);
  });
});

// Runs against a real broker (a local Mosquitto with anonymous access) when MQTT_URL is set.
describe.skipIf(!process.env.MQTT_URL)('external broker (MQTT_URL)', () => {
  const url = process.env.MQTT_URL!;
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(() => t?.close());

  it('publishes through the external broker to a plain client', async () => {
    expect(t.app.broker.kind).toBe('external');
    const topic = `acm/test-${randomBytes(4).toString('hex')}/web`;
    const client = await mqtt.connectAsync(url, { reconnectPeriod: 0 });
    try {
      await client.subscribeAsync(topic, { qos: 1 });
      const got = new Promise<string>((resolve) => client.once('message', (_t, p) => resolve(p.toString())));
      await t.app.broker.publish(topic, { n: 1 }, { qos: 1 });
      expect(await got).toBe('{"n":1}');
    } finally {
      await client.endAsync();
    }
  });

  it('delivers what a plain client publishes to the service subscription', async () => {
    const prefix = `test-${randomBytes(4).toString('hex')}`;
    const got = new Promise<string>((resolve) => {
      void t.app.broker.subscribe(`${prefix}/+/up`, (topic, payload) => resolve(`${topic} ${payload.toString()}`));
    });
    await new Promise((r) => setTimeout(r, 200));
    const client = await mqtt.connectAsync(url, { reconnectPeriod: 0 });
    try {
      await client.publishAsync(`${prefix}/86/up`, 'hi', { qos: 1 });
      expect(await got).toBe(`${prefix}/86/up hi`);
    } finally {
      await client.endAsync();
    }
  });
});
