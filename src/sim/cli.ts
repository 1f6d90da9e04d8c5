/**
 * `npm run sim`: virtual devices against a running service (run), the demo roster (list), one
 * message from one device (send), or a door unit's call with media (call). Exit codes: 0 done,
 * 1 service, broker or media trouble, 2 usage.
 */
import { readFile } from 'node:fs/promises';
import { DEVICE_STATE } from '../shared/codes';
import { parseSimArgs, USAGE, UsageError, type SimArgs } from './args';
import { ConnectError, VirtualDevice } from './device';
import { Fleet, type FleetMember, type FleetStats } from './fleet';
import { buildSendMessage } from './messages';
import type { ProtocolName } from '../shared/protocols/types';
import { ProtocolDevice, speaksAs } from './protocols/device';
import { demoDevice, pickDevices, toSimDevice, type SimDevice } from './roster';
import { protocolEndpoint, ServiceClient, ServiceError, targetFromEnv, type ServiceTarget } from './service';

async function list(client: ServiceClient): Promise<void> {
  const rows = await client.devices();
  console.log(['IMEI'.padEnd(16), 'KIND'.padEnd(14), 'SCENARIO'.padEnd(13), 'PROTOCOL'.padEnd(9), 'NAME'].join(' '));
  for (const r of rows) {
    const demo = demoDevice(r.imei);
    console.log(
      [
        r.imei.padEnd(16),
        r.kind.padEnd(14),
        (demo?.scenario ?? '-').padEnd(13),
        (demo?.protocol ?? 'mqtt').padEnd(9),
        r.name ?? '',
      ].join(' '),
    );
  }
  console.log(`${rows.length} device(s)`);
}

/** One listed device as the simulator runs it, with its secret. */
async function oneDevice(
  client: ServiceClient,
  target: ServiceTarget,
  imei: string,
): Promise<{ device: SimDevice; secret: string }> {
  const row = (await client.devices(imei)).find((r) => r.imei === imei);
  if (!row) throw new ServiceError(`No device ${imei} among the devices "${target.user}" sees (npm run sim -- list)`);
  const device = toSimDevice(row);
  if (!device) throw new ServiceError(`Device ${imei} is of kind "${row.kind}", which the simulator does not know`);
  const secret = (await client.secrets([imei])).get(imei);
  if (!secret) throw new ServiceError(`The service issued no secret for ${imei} (recycled or not allowed)`);
  return { device, secret };
}

/** `send --protocol`: the device logs in on that listener (no secret: the protocols have none) and waits for the acknowledgement. */
async function sendOverProtocol(
  client: ServiceClient,
  target: ServiceTarget,
  args: Extract<SimArgs, { cmd: 'send' }>,
  protocol: ProtocolName,
): Promise<void> {
  const row = (await client.devices(args.imei)).find((r) => r.imei === args.imei);
  const device = row && toSimDevice(row);
  if (!device)
    throw new ServiceError(`No device ${args.imei} among the devices "${target.user}" sees (npm run sim -- list)`);
  if (!speaksAs(protocol, device.imei))
    throw new ServiceError(`${args.imei} is no JT/T 808 terminal number (at most 12 digits)`);
  const message = buildSendMessage(args.kind, args.value, device);
  const endpoint = protocolEndpoint(protocol);
  await new ProtocolDevice(device, endpoint, { intervalS: 60 }).sendOnce(message);
  console.log(
    `Sent from ${args.imei} (${device.kind}) over ${protocol} ${endpoint.host}:${endpoint.port}, acknowledged: ${JSON.stringify(message)}`,
  );
}

async function send(
  client: ServiceClient,
  target: ServiceTarget,
  args: Extract<SimArgs, { cmd: 'send' }>,
): Promise<void> {
  if (args.protocol) return sendOverProtocol(client, target, args, args.protocol);
  const { device, secret } = await oneDevice(client, target, args.imei);
  const message = buildSendMessage(args.kind, args.value, device);
  const sim = new VirtualDevice(device, secret, { url: target.mqttUrl, intervalS: 60 });
  await sim.sendOnce(message);
  console.log(`Sent from ${args.imei} (${device.kind}, ${device.messageType}): ${JSON.stringify(message)}`);
}

/** Rings, holds the call's media until the operator hangs up or time runs out; false when the media failed. */
async function call(
  client: ServiceClient,
  target: ServiceTarget,
  args: Extract<SimArgs, { cmd: 'call' }>,
): Promise<boolean> {
  const { device, secret } = await oneDevice(client, target, args.imei);
  if (device.kind !== 'doorUnit')
    throw new ServiceError(`Device ${args.imei} is a ${device.kind}, not a door unit: only door units call`);
  const sim = new VirtualDevice(device, secret, { url: target.mqttUrl, intervalS: 60, httpBase: target.httpBase });
  const log = (line: string) => console.log(line);
  console.log(`${args.imei} calls from room ${args.roomNo}, for at most ${args.seconds} s; Ctrl+C hangs up.`);
  // Registered before the call starts, so a Ctrl+C while it connects still leaves the room and stops ffmpeg.
  const hangUp = () => void sim.stop();
  process.on('SIGINT', hangUp);
  process.on('SIGTERM', hangUp);
  try {
    const media = await sim.placeCall(args.roomNo, args.seconds, log, { oneShot: true });
    return (await media.ended) !== 'failed';
  } finally {
    process.off('SIGINT', hangUp);
    process.off('SIGTERM', hangUp);
  }
}

/** A card, QR code or face at a door unit: prints the outcome (OPENED / REFUSED <reason> / CARD REPORTED). */
async function present(
  client: ServiceClient,
  target: ServiceTarget,
  args: Extract<SimArgs, { cmd: 'present' }>,
): Promise<void> {
  const { device, secret } = await oneDevice(client, target, args.imei);
  if (device.kind !== 'doorUnit') throw new ServiceError(`Device ${args.imei} is a ${device.kind}, not a door unit`);
  const sim = new VirtualDevice(device, secret, { url: target.mqttUrl, intervalS: 60, httpBase: target.httpBase });
  const value = args.method === 'face' ? new Uint8Array(await readFile(args.value)) : args.value;
  const out = await sim.presentOnce(args.method, value);
  const list = `list v${sim.brain.access.version}, ${sim.brain.access.size} credential(s)`;
  if (out.kind === 'card') console.log(`CARD REPORTED ${out.cardInfo} at ${args.imei} (armed; ${list})`);
  else
    console.log(
      `${out.granted ? 'OPENED' : `REFUSED ${out.reason ?? ''}`.trim()} ${args.method} ${out.credential ?? ''} at ${args.imei} (${list})`,
    );
}

function statsLine(s: FleetStats): string {
  return `devices ${s.connected}/${s.total} connected${s.failed ? `, ${s.failed} failed` : ''}, messages sent ${s.sent}, commands answered ${s.answered}`;
}

async function run(
  client: ServiceClient,
  target: ServiceTarget,
  args: Extract<SimArgs, { cmd: 'run' }>,
): Promise<void> {
  const rows = await client.devices();
  const known = rows.flatMap((r) => toSimDevice(r) ?? []);
  // Two clients with one device's id take the session from each other every few seconds.
  const busy = new Set(rows.filter((r) => r.state === DEVICE_STATE.online).map((r) => r.imei));
  const candidates = pickDevices(known, args);
  const picked = candidates.filter((d) => !busy.has(d.imei));
  if (picked.length < candidates.length) {
    console.log(
      `Skipping ${candidates.length - picked.length} device(s) already online (npm start runs the demo fleet unless SIM=0).`,
    );
  }
  if (!picked.length) {
    throw new ServiceError(
      `No devices to simulate: "${target.user}" sees ${known.length} device(s)${args.scenario ? ` (${candidates.length} in ${args.scenario})` : ''}, ${busy.size} already online`,
    );
  }
  // Each device speaks --protocol, else the protocol of its demo roster entry, else MQTT.
  const protocolOf = (imei: string) => args.protocol ?? demoDevice(imei)?.protocol;
  const mute = picked.filter((d) => {
    const p = protocolOf(d.imei);
    return p !== undefined && !speaksAs(p, d.imei);
  });
  if (mute.length)
    console.log(`Skipping ${mute.length} device(s) whose IMEI is no JT/T 808 terminal number (at most 12 digits).`);
  const speaking = picked.filter((d) => !mute.includes(d));
  const mqtt = speaking.filter((d) => !protocolOf(d.imei));
  const secrets = mqtt.length ? await client.secrets(mqtt.map((d) => d.imei)) : new Map<string, string>();
  const members = speaking.flatMap((device): FleetMember[] => {
    const protocol = protocolOf(device.imei);
    if (protocol) return [{ device, endpoint: protocolEndpoint(protocol) }];
    const secret = secrets.get(device.imei);
    return secret ? [{ device, secret }] : [];
  });
  const fleet = new Fleet(members, {
    url: target.mqttUrl,
    intervalS: args.intervalS,
    httpBase: target.httpBase,
    shiftTimeZone: process.env.TIME_ZONE?.trim() || 'Asia/Shanghai',
    log: (line) => console.error(line),
  });
  const over = args.protocol
    ? `${args.protocol} ${protocolEndpoint(args.protocol).host}:${protocolEndpoint(args.protocol).port}`
    : target.mqttUrl;
  console.log(
    `Simulating ${members.length} device(s) against ${over}, reporting every ${args.intervalS} s. Ctrl+C stops.`,
  );

  const tty = process.stdout.isTTY;
  const ticker = setInterval(() => {
    const line = statsLine(fleet.stats());
    if (tty) process.stdout.write(`\r\x1b[K${line}`);
    else console.log(line);
  }, 1000);
  let stopping = false;
  await new Promise<void>((resolve) => {
    const stop = () => {
      if (stopping) process.exit(1); // a second Ctrl+C does not wait
      stopping = true;
      clearInterval(ticker);
      void fleet.stop().then(() => {
        console.log(`${tty ? '\n' : ''}Stopped: ${statsLine(fleet.stats())}`);
        resolve();
      });
    };
    process.once('SIGINT', stop);
    process.once('SIGTERM', stop);
    void fleet.start();
  });
}

async function main(argv: string[]): Promise<number> {
  let args: SimArgs;
  try {
    args = parseSimArgs(argv);
  } catch (err) {
    if (!(err instanceof UsageError)) throw err;
    console.error(`sim: ${err.message}\n\n${USAGE}`);
    return 2;
  }
  if (args.cmd === 'help') {
    console.log(USAGE);
    return 0;
  }
  const target = targetFromEnv();
  const client = new ServiceClient(target.httpBase);
  try {
    await client.login(target.user, target.password);
    if (args.cmd === 'list') await list(client);
    else if (args.cmd === 'send') await send(client, target, args);
    else if (args.cmd === 'call') return (await call(client, target, args)) ? 0 : 1;
    else if (args.cmd === 'present') await present(client, target, args);
    else await run(client, target, args);
    return 0;
  } catch (err) {
    if (err instanceof ServiceError || err instanceof ConnectError) console.error(err.message);
    else console.error(`sim: ${(err as Error).message}`);
    return 1;
  }
}

main(process.argv.slice(2)).then(
  (code) => process.exit(code),
  (err: unknown) => {
    console.error(`sim: ${(err as Error).message}`);
    process.exit(1);
  },
);
