// Child process of the alarm fan-out bench: many console MQTT connections, so their CPU is not
// the service's. Each logs in as its own user, subscribes `acm/{userId}/web`, and reports the
// wall-clock time (performance.timeOrigin + now, comparable across processes) at which the SOS
// notice (code 9003) reached it, and the alarm record (9001) that goes with it.
import mqtt, { type MqttClient } from 'mqtt';

interface Start {
  url: string;
  consoles: { userId: number; token: string }[];
}

const start = await new Promise<Start>((resolve) => process.once('message', (m) => resolve(m as Start)));
const clients: MqttClient[] = [];
const arrivals: number[] = [];
const records: number[] = [];
const now = () => performance.timeOrigin + performance.now();

// Connect in slices: a thousand simultaneous CONNECTs each needing a session lookup only measure the queue.
for (let i = 0; i < start.consoles.length; i += 50) {
  await Promise.all(
    start.consoles.slice(i, i + 50).map(async ({ userId, token }) => {
      const c = await mqtt.connectAsync(
        start.url,
        {
          username: String(userId),
          password: token,
          clientId: `user_${userId}_bench`,
          reconnectPeriod: 0,
          connectTimeout: 30_000,
          keepalive: 600,
        },
        false,
      );
      const [g] = await c.subscribeAsync(`acm/${userId}/web`, { qos: 1 });
      if (!g || g.qos === 128) throw new Error(`subscription refused for user ${userId}`);
      c.on('message', (_topic, payload) => {
        if (payload.includes('"9003"')) arrivals.push(now());
        else if (payload.includes('"9001"')) records.push(now());
      });
      clients.push(c);
    }),
  );
}
process.send!({ ready: clients.length });

process.on('message', (m: { collect?: number; stop?: boolean }) => {
  if (m.stop) {
    void Promise.all(clients.map((c) => c.endAsync(true).catch(() => {}))).then(() => process.exit(0));
    setTimeout(() => process.exit(0), 5000).unref();
    return;
  }
  // Wait (bounded) until every console has both, then answer the arrival times.
  const until = Date.now() + (m.collect ?? 10_000);
  const poll = () => {
    if ((arrivals.length >= clients.length && records.length >= clients.length) || Date.now() > until)
      process.send!({ arrivals: arrivals.splice(0), records: records.splice(0) });
    else setTimeout(poll, 5);
  };
  poll();
});
