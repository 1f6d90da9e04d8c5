/**
 * A push service on loopback for the Web Push tests (docs/alarms.md "Push to phones"): it records
 * every request and answers as a real one does (201; 410 under /gone/), and the browser's side of
 * a subscription decrypts what arrives.
 */
import { createECDH, createPublicKey, randomBytes, verify, type ECDH } from 'node:crypto';
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import ece from 'http_ece';
import { expect } from 'vitest';

export interface Delivery {
  path: string;
  headers: IncomingHttpHeaders;
  body: Buffer;
}

/** A browser's side of a subscription: its P-256 key pair and auth secret. */
export class Browser {
  readonly ecdh: ECDH = createECDH('prime256v1');
  readonly auth = randomBytes(16);
  constructor(readonly endpoint: string) {
    this.ecdh.generateKeys();
  }
  toJSON() {
    return {
      endpoint: this.endpoint,
      expirationTime: null,
      keys: { p256dh: this.ecdh.getPublicKey().toString('base64url'), auth: this.auth.toString('base64url') },
    };
  }
  decrypt(body: Buffer): unknown {
    const plain = ece.decrypt(body, { version: 'aes128gcm', privateKey: this.ecdh, authSecret: this.auth });
    return JSON.parse(plain.toString('utf8'));
  }
}

/** The claims of a VAPID `Authorization: vapid t=<JWT>, k=<key>` header, its signature checked with k. */
export function vapidClaims(header: string | undefined, publicKey: string): Record<string, unknown> {
  const m = /^vapid t=([^,]+), k=(.+)$/.exec(header ?? '');
  if (!m) throw new Error(`not a VAPID header: ${header}`);
  const [, jwt, k] = m as unknown as [string, string, string];
  expect(k).toBe(publicKey);
  const [head, claims, sig] = jwt.split('.') as [string, string, string];
  const point = Buffer.from(k, 'base64url');
  const key = createPublicKey({
    key: {
      kty: 'EC',
      crv: 'P-256',
      x: point.subarray(1, 33).toString('base64url'),
      y: point.subarray(33, 65).toString('base64url'),
    },
    format: 'jwk',
  });
  const ok = verify(
    'sha256',
    Buffer.from(`${head}.${claims}`),
    { key, dsaEncoding: 'ieee-p1363' },
    Buffer.from(sig, 'base64url'),
  );
  expect(ok).toBe(true);
  expect(JSON.parse(Buffer.from(head, 'base64url').toString())).toMatchObject({ alg: 'ES256' });
  return JSON.parse(Buffer.from(claims, 'base64url').toString()) as Record<string, unknown>;
}

/** Starts the push service; `deliveries` fills as requests arrive. */
export async function startLocalPushService(): Promise<{
  origin: string;
  deliveries: Delivery[];
  close: () => Promise<void>;
  /** A new subscription's browser side under this service (`gone`: the service answers 410). */
  browser: (gone?: boolean) => Browser;
}> {
  const deliveries: Delivery[] = [];
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      deliveries.push({ path: req.url ?? '', headers: req.headers, body: Buffer.concat(chunks) });
      // A push service answers 201 Created; one whose subscription expired, 410 Gone.
      res.writeHead(req.url?.startsWith('/gone/') ? 410 : 201).end();
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    origin,
    deliveries,
    close: () => new Promise((r) => server.close(() => r())),
    browser: (gone = false) => new Browser(`${origin}/${gone ? 'gone' : 'push'}/${randomBytes(8).toString('hex')}`),
  };
}
