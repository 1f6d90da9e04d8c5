import { createServer, type AddressInfo, type Server } from 'node:net';
import { Aedes, type AuthenticateError, type AuthErrorCode, type Client } from 'aedes';
import { authorizePublish, clientIdAllowed, identityOf, type Principal } from './acl';
import { drainIteratively } from './mq-drain';
import { DEFAULT_MAX_PACKET_BYTES, limitPacketSize } from './packet-limit';
import { toPayload, type EmbeddedBroker, type PublishedHandler, type UplinkHandler } from './types';

// AuthErrorCode is an ambient const enum (unreadable under isolatedModules): 3, 4 and 5 of MQTT 3.1.1.
const SERVER_UNAVAILABLE = 3 as AuthErrorCode;
const BAD_USERNAME_OR_PASSWORD = 4 as AuthErrorCode;
const NOT_AUTHORIZED = 5 as AuthErrorCode;

interface EmbeddedOptions {
  /** Decides a CONNECT: the principal, or undefined to refuse with "bad username or password". */
  authenticate(username: string | undefined, password: string | undefined): Promise<Principal | undefined>;
  /** Decides a SUBSCRIBE (may look things up). */
  authorizeSubscribe(principal: Principal | undefined, topic: string): Promise<boolean>;
  /** Decides a console's PUBLISH (devices are decided in place, without a lookup). */
  authorizeConsolePublish(
    principal: Principal,
    topic: string,
    packet: { payload: Buffer; retain: boolean },
  ): Promise<boolean>;
  onError(err: unknown): void;
  /** Connections announcing a larger MQTT packet are cut (packet-limit.ts) and reported here. */
  maxPacketBytes?: number;
  onOversize?(message: string): void;
}

function authError(message: string, returnCode: AuthErrorCode): AuthenticateError {
  return Object.assign(new Error(message), { returnCode });
}

export async function createEmbeddedBroker(opts: EmbeddedOptions): Promise<EmbeddedBroker> {
  // Live clients (for dropSessions) and a weak index that outlives the disconnect: Aedes
  // publishes a client's will after it has already unregistered the client.
  const live = new Map<Client, Principal>();
  const principalOf = new WeakMap<Client, Principal>();
  const publishedHandlers: PublishedHandler[] = [];
  let uplink: { match: (topic: string) => boolean; handler: UplinkHandler } | undefined;
  // Uplinks the ingest took before the PUBACK; `published` passes them over.
  const taken = new WeakSet<object>();
  const connectionHandlers: ((p: Principal, connected: boolean) => void)[] = [];

  // The identity that owns each persistent session (clean = false): another may not resume it.
  const sessionOwners = new Map<string, string>();
  /** Who holds a client id now (its live connection) or last held its persistent session. */
  const ownerOf = (clientId: string): string | undefined => {
    // Aedes' own index of connected clients, the one its takeover closes (not in its typings).
    const holder = (aedes as unknown as { clients: Record<string, Client | undefined> }).clients[clientId];
    const live = holder && principalOf.get(holder);
    return live ? identityOf(live) : sessionOwners.get(clientId);
  };

  const aedes = await Aedes.createBroker({
    authenticate(client, username, password, done) {
      opts.authenticate(username, password?.toString('utf8')).then(
        (principal) => {
          if (!principal) return done(authError('bad username or password', BAD_USERNAME_OR_PASSWORD), null);
          // A client id is bound to who connects (acl.ts clientIdAllowed); one held by another
          // identity is refused here, before Aedes would close the holder's connection to take over.
          const owner = ownerOf(client.id);
          const identity = identityOf(principal);
          if (!clientIdAllowed(principal, client.id) || (owner !== undefined && owner !== identity)) {
            return done(authError('not authorized', NOT_AUTHORIZED), null);
          }
          if (!client.clean) sessionOwners.set(client.id, identity);
          principalOf.set(client, principal);
          done(null, true);
        },
        (err: unknown) => {
          opts.onError(err);
          done(authError('server unavailable', SERVER_UNAVAILABLE), null);
        },
      );
    },
    // Returning no subscription makes Aedes answer granted QoS 128 (refused) for that topic.
    authorizeSubscribe(client, sub, done) {
      opts.authorizeSubscribe(principalOf.get(client), sub.topic).then(
        (ok) => done(null, ok ? sub : null),
        (err: unknown) => {
          opts.onError(err);
          done(null, null);
        },
      );
    },
    authorizePublish(client, packet, done) {
      if (!client) return done(null);
      const principal = principalOf.get(client);
      // Device traffic is the hot path: decided synchronously from the topic alone.
      if (principal?.kind !== 'console') {
        if (!authorizePublish(principal, packet.topic)) return done(new Error('publish not authorized'));
        if (principal?.kind !== 'device' || !uplink?.match(packet.topic)) return done(null);
        // Aedes writes a QoS 1 PUBACK after this hook: the ingest decides first, so a message is
        // acknowledged once stored (or refused for good); a lost one closes the connection
        // unacknowledged and the device sends it again (docs/decisions.md "Durability").
        taken.add(packet);
        const payload = Buffer.isBuffer(packet.payload) ? packet.payload : Buffer.from(packet.payload);
        if (packet.qos === 0) {
          uplink.handler(packet.topic, payload, principal);
          return done(null);
        }
        uplink.handler(packet.topic, payload, principal, (outcome) =>
          done(outcome === 'lost' ? new Error('message not stored') : null),
        );
        return;
      }
      const payload = Buffer.isBuffer(packet.payload) ? packet.payload : Buffer.from(packet.payload);
      opts.authorizeConsolePublish(principal, packet.topic, { payload, retain: packet.retain }).then(
        (ok) => done(ok ? null : new Error('publish not authorized')),
        (err: unknown) => {
          opts.onError(err);
          done(new Error('publish not authorized'));
        },
      );
    },
    published(packet, client, done) {
      done(null);
      if (publishedHandlers.length === 0 || packet.topic.startsWith('$SYS') || taken.has(packet)) return;
      const publisher = client ? principalOf.get(client) : null;
      if (publisher === undefined) return;
      const payload = Buffer.isBuffer(packet.payload) ? packet.payload : Buffer.from(packet.payload);
      for (const h of publishedHandlers) h(packet.topic, payload, publisher);
    },
  });
  // Aedes' emitter (public, not in its typings) otherwise drains its queue by recursion and a burst
  // of publishes overflows the stack (mq-drain.ts); rather than run with that bug, the service
  // refuses to start.
  const mq = (aedes as unknown as { mq: { length?: number } }).mq;
  if (!drainIteratively(mq)) throw new Error('embedded broker: the Aedes emitter cannot be made to drain iteratively');
  aedes.on('client', (client) => {
    const p = principalOf.get(client);
    if (!p) return;
    live.set(client, p);
    for (const h of connectionHandlers) h(p, true);
  });
  aedes.on('clientDisconnect', (client) => {
    const p = live.get(client);
    live.delete(client);
    if (p) for (const h of connectionHandlers) h(p, false);
  });

  let tcp: Server | undefined;

  return {
    kind: 'embedded',
    publish: (topic, payload, o = {}) =>
      new Promise<void>((resolve, reject) => {
        aedes.publish(
          {
            cmd: 'publish',
            topic,
            payload: toPayload(payload),
            qos: o.qos ?? 0,
            retain: o.retain ?? false,
            dup: false,
          },
          (err) => (err ? reject(err) : resolve()),
        );
      }),
    subscribe: (topic, handler) =>
      new Promise((resolve) => {
        const deliver = (packet: { topic: string; payload: Buffer | string }, cb: () => void) => {
          handler(packet.topic, Buffer.isBuffer(packet.payload) ? packet.payload : Buffer.from(packet.payload));
          cb();
        };
        aedes.subscribe(topic, deliver, () =>
          resolve(() => new Promise<void>((done) => aedes.unsubscribe(topic, deliver, () => done()))),
        );
      }),
    backlog: () => mq.length ?? 0,
    onPublished: (handler) => void publishedHandlers.push(handler),
    onUplink: (match, handler) => {
      uplink = { match, handler };
    },
    onConnection: (handler) => void connectionHandlers.push(handler),
    dropSessions(match) {
      for (const [client, p] of live) {
        if (p.kind !== 'console') continue;
        if (
          (match.userId !== undefined && p.userId === match.userId) ||
          (match.tokenHash && p.tokenHash === match.tokenHash)
        ) {
          client.close();
        }
      }
    },
    listenTcp: (port, host) =>
      new Promise<number>((resolve, reject) => {
        const server = createServer((socket) => {
          limitPacketSize(socket, opts.maxPacketBytes ?? DEFAULT_MAX_PACKET_BYTES, (e) =>
            opts.onOversize?.(`${e.message} from ${socket.remoteAddress}`),
          );
          aedes.handle(socket);
        });
        server.once('error', reject);
        server.listen(port, host, () => {
          server.off('error', reject);
          tcp = server;
          resolve((server.address() as AddressInfo).port);
        });
      }),
    handleStream: (stream, req) => {
      limitPacketSize(stream, opts.maxPacketBytes ?? DEFAULT_MAX_PACKET_BYTES, (e) =>
        opts.onOversize?.(`${e.message} from ${req?.socket.remoteAddress}`),
      );
      aedes.handle(stream, req);
    },
    close: async () => {
      const server = tcp;
      tcp = undefined;
      await new Promise<void>((resolve) => aedes.close(() => resolve()));
      if (server) await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
