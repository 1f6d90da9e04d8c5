import { createServer, type AddressInfo, type Server } from 'node:net';
import { Aedes, type AuthenticateError, type AuthErrorCode, type Client } from 'aedes';
import { authorizePublish, authorizeSubscribe, type Principal } from './acl';
import { toPayload, type EmbeddedBroker } from './types';

// AuthErrorCode is an ambient const enum (unreadable under isolatedModules): 3 and 4 of MQTT 3.1.1.
const SERVER_UNAVAILABLE = 3 as AuthErrorCode;
const BAD_USERNAME_OR_PASSWORD = 4 as AuthErrorCode;

export interface EmbeddedOptions {
  /** Decides a CONNECT: the principal, or undefined to refuse with "bad username or password". */
  authenticate(username: string | undefined, password: string | undefined): Promise<Principal | undefined>;
  onError(err: unknown): void;
}

function authError(message: string, returnCode: AuthErrorCode): AuthenticateError {
  return Object.assign(new Error(message), { returnCode });
}

export async function createEmbeddedBroker(opts: EmbeddedOptions): Promise<EmbeddedBroker> {
  const principals = new Map<Client, Principal>();
  const aedes = await Aedes.createBroker({
    authenticate(client, username, password, done) {
      opts.authenticate(username, password?.toString('utf8')).then(
        (principal) => {
          if (!principal) return done(authError('bad username or password', BAD_USERNAME_OR_PASSWORD), null);
          principals.set(client, principal);
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
      done(null, authorizeSubscribe(principals.get(client), sub.topic) ? sub : null);
    },
    authorizePublish(client, packet, done) {
      if (!client) return done(null);
      done(authorizePublish(principals.get(client), packet.topic) ? null : new Error('publish not authorized'));
    },
  });
  aedes.on('clientDisconnect', (client) => principals.delete(client));

  let tcp: Server | undefined;

  return {
    kind: 'embedded',
    publish: (topic, payload, o = {}) =>
      new Promise<void>((resolve, reject) => {
        aedes.publish(
          { cmd: 'publish', topic, payload: toPayload(payload), qos: o.qos ?? 0, retain: o.retain ?? false, dup: false },
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
    dropSessions(match) {
      for (const [client, p] of principals) {
        if ((match.userId !== undefined && p.userId === match.userId) || (match.tokenHash && p.tokenHash === match.tokenHash)) {
          client.close();
        }
      }
    },
    listenTcp: (port, host) =>
      new Promise<number>((resolve, reject) => {
        const server = createServer((socket) => aedes.handle(socket));
        server.once('error', reject);
        server.listen(port, host, () => {
          server.off('error', reject);
          tcp = server;
          resolve((server.address() as AddressInfo).port);
        });
      }),
    handleStream: (stream, req) => {
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
