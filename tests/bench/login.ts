import type { AddressInfo } from 'node:net';
import { buildApp } from '../../src/server/app';
import { sized } from './size';
import { pgliteFromTemplate } from '../server/template-db';

export interface Percentiles {
  n: number;
  p50: number;
  p95: number;
  max: number;
}

export function percentiles(samples: number[]): Percentiles {
  const s = [...samples].sort((a, b) => a - b);
  const at = (q: number) => s[Math.min(s.length - 1, Math.ceil(q * s.length) - 1)]!;
  return { n: s.length, p50: at(0.5), p95: at(0.95), max: s.at(-1)! };
}

/**
 * Account login over real HTTP on loopback, with the production argon2id cost: the figure a
 * person waits for after pressing the login button (network excluded).
 */
export async function loginRoundTrip(rounds = sized(60, 2)): Promise<Percentiles & { db: string }> {
  const app = await buildApp({
    database: process.env.DATABASE_URL ? undefined : await pgliteFromTemplate(),
    config: { memoryDb: !process.env.DATABASE_URL, mqttPort: 0 },
    logger: false,
  });
  await app.listen({ host: '127.0.0.1', port: 0 });
  const { port } = app.server.address() as AddressInfo;
  const url = `http://127.0.0.1:${port}/api/auth/auth/login`;
  const body = JSON.stringify({ username: 'demo', password: 'demo123', language: 'CN' });
  const once = async () => {
    const t0 = performance.now();
    const res = await fetch(url, { method: 'POST', headers: { 'content-type': 'application/json' }, body });
    const json = (await res.json()) as { code: number };
    if (json.code !== 0 || !res.headers.get('authorization')) throw new Error(`login failed: ${JSON.stringify(json)}`);
    return performance.now() - t0;
  };
  try {
    for (let i = 0; i < sized(5, 1); i += 1) await once();
    const samples: number[] = [];
    for (let i = 0; i < rounds; i += 1) samples.push(await once());
    return { ...percentiles(samples), db: process.env.DATABASE_URL ? 'postgres' : 'pglite' };
  } finally {
    await app.close();
  }
}
