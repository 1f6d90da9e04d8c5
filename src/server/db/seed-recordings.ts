import { demoFleet } from '../../shared/devices/demo';
import { createRng, seedOf } from '../../shared/prng';
import { videoRecords } from './schema';
import type { Tx } from './driver';
import { DEMO_POSTER, DEMO_RECORDING } from './demo-files';

const DEMO_RECORDING_BYTES = 157_467;
const DEMO_RECORDING_MS = 8008;
const HOUR_MS = 3_600_000;

/**
 * /VCRList on a fresh start: a dozen recordings of door calls and conferences over the last two
 * weeks, in every review state, each playable (the demo file), so the library, its filters and
 * its player have something to show. Seeded by name: every fresh demo draws the same rows.
 */
export async function seedRecordings(tx: Tx, tenantId: number, now = Date.now()): Promise<number> {
  const doors = demoFleet().filter((d) => d.kind === 'doorUnit');
  const rng = createRng(seedOf('recordings'));
  const rows = Array.from({ length: 12 }, (_, i) => {
    const at = now - rng.int(1, 14 * 24) * HOUR_MS;
    const door = doors.length ? doors[i % doors.length]! : undefined;
    const conference = i % 3 === 2 || !door;
    return {
      tenantId,
      fileName: `web_${at}_0000`,
      title: conference ? `Conference ${1111 + i}` : `Door call: ${door!.name}`,
      imeis: door?.imei ?? null,
      room: conference ? `room_${1111 + i}` : `${door!.imei}_${100 * (1 + (i % 9)) + 1}`,
      durationMs: DEMO_RECORDING_MS,
      size: DEMO_RECORDING_BYTES,
      type: 2,
      reviewState: i % 5,
      published: i % 5 === 1,
      pinned: i === 0,
      file: DEMO_RECORDING,
      poster: DEMO_POSTER,
      createdAt: new Date(at),
    };
  });
  await tx.insert(videoRecords).values(rows);
  return rows.length;
}
