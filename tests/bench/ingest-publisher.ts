// Child process of the ingest bench (external broker path): publishes telemetry for the fleet on
// request, so the publishers' CPU and memory are not counted as the service's.
import mqtt from 'mqtt';

const MB = 1024 * 1024;
interface Start {
  url: string;
  imeis: string[];
  connections: number;
}

let seq = 0;
const start = await new Promise<Start>((resolve) => process.once('message', (m) => resolve(m as Start)));
const clients = await Promise.all(Array.from({ length: start.connections }, () => mqtt.connectAsync(start.url, { reconnectPeriod: 0 })));
let next = 0;
process.on('message', (m: { n?: number; stop?: boolean }) => {
  if (m.stop) {
    void Promise.all(clients.map((c) => c.endAsync(true))).then(() => process.exit(0));
    return;
  }
  let sent = 0;
  for (let k = 0; k < (m.n ?? 0); k++) {
    const c = clients[next++ % clients.length]!;
    if (c.stream.writableLength > 4 * MB) break;
    const n = seq++;
    const imei = start.imeis[n % start.imeis.length]!;
    c.publish(`sfwatch/${imei}/up`, `{"kind":"telemetry","id":${n},"values":{"heartRate":${60 + (n % 40)},"battery":${n % 100},"steps":${n}}}`, { qos: 1 });
    sent++;
  }
  process.send!({ sent });
});
process.send!({ ready: true });
