import websocket from '@fastify/websocket';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { createWebSocketStream } from 'ws';
import { MQTT_WS_PATH } from '../../shared/topics';
import { authenticate, checkPublish, checkSubscribe } from '../broker/access';
import { createEmbeddedBroker } from '../broker/embedded';
import { createExternalBroker } from '../broker/external';

/**
 * The broker behind one interface: an external one when MQTT_URL is set, else embedded Aedes,
 * which also serves MQTT over WebSocket at /mqtt on the HTTP port. main.ts starts its TCP listener.
 */
async function broker(app: FastifyInstance) {
  // A revoked session's consoles are disconnected (an external broker asks again on reconnect).
  const onRevoked = (match: { userId?: number; tokenHash?: string }) => app.broker.dropSessions(match);
  app.events.on('sessions.revoked', onRevoked);
  app.addHook('onClose', async () => {
    app.events.off('sessions.revoked', onRevoked);
  });
  if (app.config.mqttUrl) {
    const external = await createExternalBroker({
      url: app.config.mqttUrl,
      clientId: app.config.mqttClientId,
      replicaGroup: app.config.ingestGroup,
      onWarn: (m) => app.log.warn(m),
    });
    app.decorate('broker', external);
    app.addHook('onClose', () => external.close());
    return;
  }

  const embedded = await createEmbeddedBroker({
    authenticate: (username, password) => authenticate(app, username, password),
    authorizeSubscribe: (principal, topic) => checkSubscribe(app, principal, topic),
    authorizeConsolePublish: (principal, topic, packet) => checkPublish(app, principal, topic, packet),
    onError: (err) => app.log.error({ err }, 'broker authorisation failed'),
    maxPacketBytes: app.config.mqttMaxPacketBytes,
    onOversize: (message) => app.log.warn(`MQTT connection cut: ${message}`),
  });
  app.decorate('broker', embedded);
  app.addHook('onClose', () => embedded.close());

  await app.register(websocket, { options: { maxPayload: 1024 * 1024 } });
  app.route({
    method: 'GET',
    url: MQTT_WS_PATH,
    schema: { hide: true },
    // A plain GET of /mqtt is the console's own pre-login route: hand it to the SPA fallback.
    handler: (_request, reply) => reply.callNotFound(),
    wsHandler: (socket, request) => {
      const stream = createWebSocketStream(socket);
      stream.on('error', () => socket.terminate());
      embedded.handleStream(stream, request.raw);
    },
  });
}

export default fp(broker, { name: 'broker', dependencies: ['db', 'devices'] });
