// Faces (`npm run bench`): the face engine's load (first face request), then per picture the
// whole processing a sample add runs (decode, detect, describe, sharpness) on the fixtures, and a
// door unit's verification end to end (`POST /api/device/faceDistribution/verify` through the
// service on PGlite) against libraries of 1,000 and 10,000 samples. No targets: figures only.
import { readFileSync } from 'node:fs';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { faceLibraries } from '../../src/entities/face-library';
import { faceSamples } from '../../src/entities/face-sample';
import { devices } from '../../src/server/db/schema';
import { deviceKey, deviceSecret } from '../../src/server/devices/secrets';
import { faceEngine } from '../../src/server/faces/engine';
import { analyseFace, similarity } from '../../src/server/faces/process';
import { buildTestApp } from '../server/helper';
import { QUICK, SMOKE, sized } from './size';

const RUNS = sized(QUICK ? 5 : 20, 1);
const LIBRARIES = SMOKE ? [20] : [1_000, 10_000];
const fixture = (name: string) => readFileSync(new URL(`../fixtures/faces/${name}`, import.meta.url));

function stats(ms: number[]): string {
  const s = [...ms].sort((a, b) => a - b);
  const at = (q: number) => s[Math.min(s.length - 1, Math.floor(q * s.length))]!;
  return `p50 ${at(0.5).toFixed(0)} ms, p95 ${at(0.95).toFixed(0)} ms, max ${s.at(-1)!.toFixed(0)} ms`;
}

async function timed(runs: number, fn: () => Promise<unknown>): Promise<number[]> {
  const out: number[] = [];
  for (let i = 0; i < runs; i++) {
    const t = performance.now();
    await fn();
    out.push(performance.now() - t);
  }
  return out;
}

/** A deterministic generator, so every run measures the same library. */
function rng(seed: number) {
  let s = seed >>> 0;
  return () => (s = (s * 1_664_525 + 1_013_904_223) >>> 0) / 2 ** 32;
}

export async function benchFaces(): Promise<string[]> {
  const lines: string[] = [];
  const t0 = performance.now();
  const engine = await faceEngine();
  lines.push(
    `Faces: engine load (@vladmandic/human on tfjs wasm, first face request) ${(performance.now() - t0).toFixed(0)} ms (models ${engine.loadMs} ms)`,
  );

  const portrait = fixture('collins-1.jpg');
  // A camera-sized picture: the portrait enlarged to 1280 x 960 (analysed as is: 1280 is the cap);
  // the smoke run takes it as it is, its detection the costliest step of that run.
  const twoFaces = fixture('two-faces.jpg');
  const large = SMOKE
    ? twoFaces
    : await sharp(twoFaces).resize(1280, 960, { fit: 'fill' }).jpeg({ quality: 85 }).toBuffer();
  await analyseFace(portrait, 0); // warm-up
  lines.push(
    `Faces: detect + embed + quality, 320 x 369 portrait, ${RUNS} runs: ${stats(await timed(RUNS, () => analyseFace(portrait, 0)))}`,
  );
  lines.push(
    `Faces: detect (two faces, refused), ${SMOKE ? 'the fixture as it is' : '1280 x 960 picture'}, ${RUNS} runs: ${stats(
      await timed(RUNS, () => analyseFace(large, 0).catch(() => undefined)),
    )}`,
  );

  const t = await buildTestApp();
  try {
    const [tenant] = await t.app.db
      .select({ id: devices.tenantId, imei: devices.imei, v: devices.secretVersion })
      .from(devices)
      .where(eq(devices.kind, 'doorUnit'))
      .limit(1);
    const secret = deviceSecret(await deviceKey(t.app.db), tenant!.imei, tenant!.v);
    const auth = `Basic ${Buffer.from(`${tenant!.imei}:${secret}`).toString('base64')}`;
    const base = (await analyseFace(fixture('cameraman.jpg'), 0)).embedding;
    const probe = fixture('collins-2.jpg');
    const rand = rng(16);
    for (const n of LIBRARIES) {
      const [lib] = await t.app.db
        .insert(faceLibraries)
        .values({ tenantId: tenant!.id, name: `bench ${n}` })
        .returning({ id: faceLibraries.id });
      // Other people: a real embedding with every value shaken, so each is its own face.
      for (let i = 0; i < n; i += 500) {
        const rows = Array.from({ length: Math.min(500, n - i) }, (_, j) => ({
          tenantId: tenant!.id,
          libraryId: lib!.id,
          labels: `person ${i + j}`,
          picture: '/faces/demo-cameraman.jpg',
          embedding: base.map((v) => Math.max(0, v + (rand() - 0.5) * 0.6)),
          quality: 1,
        }));
        await t.app.db.insert(faceSamples).values(rows);
      }
      const verify = () =>
        t.app.inject({
          method: 'POST',
          url: `/api/device/faceDistribution/verify?libraryId=${lib!.id}`,
          payload: probe,
          headers: { 'content-type': 'image/jpeg', authorization: auth },
        });
      const first = (await verify()).json() as { code: number };
      if (first.code !== 0) throw new Error(`verify answered ${first.code}`);
      const runs = sized(QUICK ? 3 : 10, 1);
      lines.push(
        `Faces: door-unit verification end to end (PGlite), library of ${n.toLocaleString('en-US')} samples, ${runs} runs: ${stats(await timed(runs, verify))}`,
      );
      const stored = await t.app.db
        .select({ e: faceSamples.embedding })
        .from(faceSamples)
        .where(eq(faceSamples.libraryId, lib!.id));
      const compare = await timed(runs, async () => {
        let best = -1;
        for (const s of stored) best = Math.max(best, similarity(base, s.e));
        return best;
      });
      lines.push(
        `Faces:   of which comparing with ${n.toLocaleString('en-US')} embeddings in memory: ${stats(compare)}`,
      );
    }
  } finally {
    await t.close();
  }
  return lines;
}

if (import.meta.url === `file://${process.argv[1]}`) for (const line of await benchFaces()) console.log(line);
