// The service side of the protocol bench (protocols.ts): the service in the bench's process with
// its GT06 and watch listeners on loopback, devices registered in bulk, a question to a device
// process (protocol-devices.ts), and a GT06 SOS device in this process.
import type { ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { connect, type Socket } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { STOCK_STATE } from '../../src/shared/codes';
import { buildApp } from '../../src/server/app';
import { devices } from '../../src/server/db/schema';
import { CODECS } from '../../src/server/protocols/registry';
import { gt06Frames } from '../../src/sim/protocols/frames';
import { freshPostgres } from '../server/helper';
import { pgliteFromTemplate, pgTemplate } from '../server/template-db';
import type { ProtocolCommand, ProtocolReport } from './protocol-devices';

export interface Service {
  app: FastifyInstance;
  ports: { gt06: number; watch: number };
  close(): Promise<void>;
}

/** The service with its GT06 and watch listeners, no limit per address (every device is on 127.0.0.1). */
export async function openService(kind: 'pglite' | 'postgres'): Promise<Service> {
  const pg = kind === 'postgres' ? await freshPostgres(process.env.DATABASE_URL!, pgTemplate()) : undefined;
  const dataDir = mkdtempSync(join(tmpdir(), 'bench-protocols-'));
  const app = await buildApp({
    database: pg ? undefined : await pgliteFromTemplate(dataDir),
    env: {},
    logger: { level: 'error' },
    config: {
      memoryDb: false,
      dataDir,
      databaseUrl: pg?.url,
      mqttUrl: undefined,
      mqttPort: 0,
      staticDir: '/nonexistent',
      argon2: { memoryCost: 1024, timeCost: 1 },
      sim: 0,
      protocols: [],
      protocolMaxPerAddress: 0,
      ingestGroup: `bench-${randomBytes(3).toString('hex')}`,
      deviceRate: { perS: 0, burst: 1 },
    },
  });
  const ports = {
    gt06: await app.protocols.listenTcp(CODECS.gt06, 0, '127.0.0.1'),
    watch: await app.protocols.listenTcp(CODECS.watch, 0, '127.0.0.1'),
  };
  return {
    app,
    ports,
    close: async () => {
      await app.close();
      await pg?.drop();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

export async function register(
  app: FastifyInstance,
  tenantId: number,
  n: number,
  kind: 'locator' | 'watch',
  prefix: string,
): Promise<string[]> {
  const imeis = Array.from({ length: n }, (_, i) => `${prefix}${String(i).padStart(15 - prefix.length, '0')}`);
  for (let i = 0; i < n; i += 1000) {
    await app.db
      .insert(devices)
      .values(
        imeis.slice(i, i + 1000).map((imei) => ({ tenantId, imei, kind, state: 0, stockState: STOCK_STATE.bound })),
      );
  }
  return imeis;
}

export function ask(child: ChildProcess, m: ProtocolCommand): Promise<ProtocolReport> {
  return new Promise((resolve) => {
    child.once('message', (r) => resolve(r as ProtocolReport));
    child.send(m);
  });
}

/** A GT06 SOS device in this process: its socket, logged in. */
export async function sosDevice(port: number, imei: string): Promise<Socket> {
  const socket = connect(port, '127.0.0.1');
  socket.setNoDelay(true);
  await new Promise<void>((resolve, reject) => {
    socket.once('connect', () => resolve());
    socket.once('error', reject);
  });
  const answered = new Promise((r) => socket.once('data', r));
  socket.write(gt06Frames.login(imei, 1));
  await answered;
  return socket;
}
