import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { deviceKey } from '../devices/secrets';
import { CellLookup } from '../protocols/cells';
import { ProtocolGateway } from '../protocols/gateway';
import { storeDeviceMedia } from '../protocols/media';

declare module 'fastify' {
  interface FastifyInstance {
    /** Devices speaking their own protocols (src/server/protocols/, docs/protocols.md). */
    protocols: ProtocolGateway;
  }
}

/**
 * The device protocol gateway. Its listeners start with the service's (main.ts); here it gets
 * the downlinks: every replica hears `sfwatch/+/server` and the one holding the device's
 * connection sends the command in its protocol.
 */
async function protocolsPlugin(app: FastifyInstance) {
  let key: Promise<string> | undefined;
  const gateway = new ProtocolGateway({
    db: app.db,
    clock: app.clock,
    log: app.log,
    ingest: app.ingest,
    deviceCache: app.deviceCache,
    deviceKey: () => (key ??= deviceKey(app.db)),
    maxPerAddress: app.config.protocolMaxPerAddress,
    storeMedia: (imei, media) => storeDeviceMedia(app, imei, media),
    cells: new CellLookup(app.db, () => app.clock.now()),
  });
  app.decorate('protocols', gateway);
  const unsubscribe = await app.broker.subscribe('sfwatch/+/server', (topic, payload) => {
    const imei = topic.split('/')[1];
    if (imei) gateway.downlink(imei, payload);
  });
  // Before the ingest drains: no frame arrives after its last write.
  app.addHook('preClose', async () => {
    await gateway.close();
    await unsubscribe().catch(() => {});
  });
}

export default fp(protocolsPlugin, { name: 'protocols', dependencies: ['db', 'broker', 'devices', 'ingest'] });
