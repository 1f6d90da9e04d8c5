// Child process of the alarm fan-out bench: many console MQTT connections, so their CPU is not
// the service's. Each logs in as its own user, subscribes `acm/{userId}/web`, and reports the
// wall-clock time (performance.timeOrigin + now, comparable across processes) at which the SOS
// notice (code 9003) of the device being watched reached it, and the alarm record (9001) that goes
// with it; reminders of open SOS (a 9003 with `openCount`, push/reminders.ts) are counted apart.
import mqtt, { type MqttClient } from 'mqtt';

interface Start {
  url: string;
  consoles: { userId: number; token: string }[];
}

const start = await new Promise<Start>((resolve) => process.once('message', (m) => resolve(m as Start)));
const clients: MqttClient[] = [];
const arrivals: number[] = [];
const records: number[] = [];
/** The device whose SOS is measured (`watch`), and reminders received since the last collect. */
let watch: string | undefined;
let reminders = 0;
const now = () => performance.timeOrigin + performance.now();

// Connect in slices: a thousand simultaneous CONNECTs each needing a session lookup only measure the queue.
// A console that cannot connect is counted and named, not thrown: the parent says how many did.
let failure: string | undefined;
for (let i = 0; i < start.consoles.length; i += 50) {
  const slice = await Promise.allSettled(
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
        const at = now();
        if (!payload.includes('"9003"') && !payload.includes('"9001"')) return;
        const body = JSON.parse(payload.toString()) as {
          code: string;
          imei?: string;
          openCount?: number;
          alarm?: { imei: string };
        };
        if (body.code === '9003' && body.openCount !== undefined) reminders++;
        else if (body.code === '9003' && body.imei === watch) arrivals.push(at);
        else if (body.code === '9001' && body.alarm?.imei === watch) records.push(at);
      });
      clients.push(c);
    }),
  );
  for (const r of slice) if (r.status === 'rejected') failure ??= String(r.reason);
}
process.send!({ ready: clients.length, failure });

process.on('message', (m: { collect?: number; stop?: boolean; watch?: string }) => {
  if (m.watch) {
    watch = m.watch;
    arrivals.length = records.length = reminders = 0;
    process.send!({ ready: clients.length });
    return;
  }
  if (m.stop) {
    void Promise.all(clients.map((c) => c.endAsync(true).catch(() => {}))).then(() => process.exit(0));
    setTimeout(() => process.exit(0), 5000).unref();
    return;
  }
  // Wait (bounded) until every console has both, then answer the arrival times.
  const until = Date.now() + (m.collect ?? 10_000);
  const poll = () => {
    if ((arrivals.length >= clients.length && records.length >= clients.length) || Date.now() > until)
      process.send!({ arrivals: arrivals.splice(0), records: records.splice(0), reminders });
    else setTimeout(poll, 5);
  };
  poll();
});
