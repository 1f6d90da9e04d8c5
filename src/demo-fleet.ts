/**
 * The demo fleet inside `npm start` (config.sim > 0, outside production). The devices still
 * speak MQTT to the service like any other (only their secrets are derived here, from the
 * database, instead of asked for over HTTP); the roster's protocol devices speak their protocol
 * to the service's own listeners (docs/protocols.md).
 */
import { and, eq, inArray } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Config } from './server/config';
import type { Companion } from './server/main';
import { cameras, devices, tenants } from './server/db/schema';
import { deviceKey, deviceSecret } from './server/devices/secrets';
import { demoFleet } from './shared/devices/demo';
import { DEFAULT_INTERVAL_S } from './sim/args';
import { Fleet, type FleetMember } from './sim/fleet';
import type { ProtocolEndpoint } from './sim/protocols/device';
import { toSimDevice } from './sim/roster';
import { SIM_CAMERAS, startRtspServer, type RtspServer } from './sim/rtsp';
import { reachableHost } from './sim/service';

/** Where the in-process devices connect, or undefined when there is no MQTT TCP endpoint. */
export function fleetUrl(app: FastifyInstance, config: Config): string | undefined {
  if (app.broker.kind === 'external') return config.mqttUrl;
  return config.mqttPort > 0 ? `mqtt://${reachableHost(config.host)}:${config.mqttPort}` : undefined;
}

/** The protocol listeners that listen, where the in-process protocol devices reach them. */
function protocolEndpoints(config: Config): ProtocolEndpoint[] {
  return config.protocols.map(({ name, port }) => ({ protocol: name, host: reachableHost(config.host), port }));
}

/**
 * Starts up to `count` MQTT demo devices that exist in the database, and the roster's protocol
 * devices whose listener is among `endpoints`; resolves with the running fleet.
 */
export async function startDemoFleet(
  app: FastifyInstance,
  url: string,
  count: number,
  httpBase?: string,
  endpoints: ProtocolEndpoint[] = [],
): Promise<Fleet> {
  const fleetAll = demoFleet();
  const endpointOf = new Map(endpoints.map((e) => [e.protocol, e]));
  const wanted = [
    ...fleetAll.filter((d) => !d.protocol).slice(0, count),
    ...fleetAll.filter((d) => d.protocol && endpointOf.has(d.protocol)),
  ];
  const rows = await app.db
    .select({
      imei: devices.imei,
      kind: devices.kind,
      messageType: devices.messageType,
      secretVersion: devices.secretVersion,
    })
    .from(devices)
    .where(
      inArray(
        devices.imei,
        wanted.map((d) => d.imei),
      ),
    );
  const key = await deviceKey(app.db);
  const byImei = new Map(rows.map((r) => [r.imei, r]));
  const members = wanted.flatMap((d): FleetMember[] => {
    const row = byImei.get(d.imei);
    const device = row && toSimDevice(row);
    if (!row || !device) return [];
    const endpoint = d.protocol && endpointOf.get(d.protocol);
    return [endpoint ? { device, endpoint } : { device, secret: deviceSecret(key, row.imei, row.secretVersion) }];
  });
  const fleet = new Fleet(members, {
    url,
    intervalS: DEFAULT_INTERVAL_S,
    httpBase,
    shiftTimeZone: app.config.timeZone,
    log: (line) => app.log.warn(`simulator: ${line}`),
    info: (line) => app.log.info(`simulator: ${line}`),
  });
  // Connecting happens in the background: the service is up whatever the devices do.
  void fleet.start().catch((err: unknown) => app.log.warn(`simulator: ${(err as Error).message}`));
  return fleet;
}

/**
 * The simulator's two RTSP test cameras, listed for the demo site (added once, their address
 * kept current if SIM_RTSP_PORT changed), so the monitoring wall has something to show.
 */
async function startTestCameras(app: FastifyInstance, port: number): Promise<RtspServer> {
  const server = await startRtspServer({ port, log: (line) => app.log.warn(`simulator: ${line}`) });
  try {
    const [site] = await app.db.select({ id: tenants.id }).from(tenants).where(eq(tenants.name, 'Demo Site')).limit(1);
    for (const [i, cam] of SIM_CAMERAS.entries()) {
      if (!site) break;
      const url = server.url(cam.path);
      const [row] = await app.db
        .select({ id: cameras.id, url: cameras.url })
        .from(cameras)
        .where(and(eq(cameras.tenantId, site.id), eq(cameras.name, cam.label)))
        .limit(1);
      if (!row)
        await app.db
          .insert(cameras)
          .values({ tenantId: site.id, name: cam.label, url, location: i ? 'Yard, building 2' : 'Main gate' });
      else if (row.url !== url && row.url.includes('127.0.0.1'))
        await app.db.update(cameras).set({ url }).where(eq(cameras.id, row.id));
    }
  } catch (err) {
    await server.close();
    throw err;
  }
  return server;
}

/** The in-process demo fleet and its banner line; a simulator failure never stops the service. */
export async function simulate(app: FastifyInstance, config: Config): Promise<Companion> {
  if (config.sim <= 0 || config.env === 'production') return {};
  const url = fleetUrl(app, config);
  if (!url) return { line: '  Simulated devices: off (MQTT_PORT=0; `npm run sim` still works, over WebSocket)' };
  try {
    const fleet = await startDemoFleet(
      app,
      url,
      config.sim,
      `http://${reachableHost(config.host)}:${config.port}`,
      protocolEndpoints(config),
    );
    const speaking = fleet.devices.filter((d) => 'endpoint' in d).length;
    let line = `  Simulated devices: ${fleet.devices.length}${speaking ? `, ${speaking} of them over a device protocol (docs/protocols.md)` : ''} (SIM=0 to turn off)`;
    let rtsp: RtspServer | undefined;
    if (config.simRtspPort > 0) {
      try {
        rtsp = await startTestCameras(app, config.simRtspPort);
        line += `\n  Test cameras: ${rtsp.url('/cam1')} and /cam2 (SIM_RTSP_PORT=0 to turn off)`;
      } catch (err) {
        app.log.warn(`simulator: test cameras not started: ${(err as Error).message}`);
        line += `\n  Test cameras: not started (${(err as Error).message})`;
      }
    }
    return { stop: async () => void (await Promise.all([fleet.stop(), rtsp?.close()])), line };
  } catch (err) {
    app.log.warn(`simulator not started: ${(err as Error).message}`);
    return { line: '  Simulated devices: not started (see the log)' };
  }
}
