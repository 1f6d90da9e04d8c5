import { and, eq, inArray } from 'drizzle-orm';
import { demoFleet } from '../../shared/devices/demo';
import { createRng, seedOf } from '../../shared/prng';
import { devices, installations } from './schema';
import type { Tx } from './driver';

const INSTALLERS = ['张师傅', '李工', '王建国', '陈志强', '刘海', 'Maria Lopez'] as const;
const DAY_MS = 86_400_000;
/** The demo photo (public/): real records carry an uploaded one. */
const DEMO_INSTALL_PHOTO = '/installations/demo-install.svg';

/**
 * /installationMap on a fresh start: one installation record per demo device, at the device's
 * home, by one of a few installers over the last 90 days, so the map and the filters have
 * something to show. Seeded by IMEI: every fresh demo draws the same records.
 */
export async function seedInstallations(tx: Tx, tenantId: number, now = Date.now()): Promise<number> {
  const fleet = demoFleet();
  const ids = await tx
    .select({ id: devices.id, imei: devices.imei, kind: devices.kind })
    .from(devices)
    .where(
      and(
        eq(devices.tenantId, tenantId),
        inArray(
          devices.imei,
          fleet.map((d) => d.imei),
        ),
      ),
    );
  const byImei = new Map(ids.map((r) => [r.imei, r]));
  const rows = fleet.flatMap((d) => {
    const dev = byImei.get(d.imei);
    if (!dev) return [];
    const rng = createRng(seedOf(`install:${d.imei}`));
    return [
      {
        tenantId,
        deviceId: dev.id,
        deviceKind: dev.kind,
        installer: INSTALLERS[rng.int(0, INSTALLERS.length - 1)]!,
        installedAt: new Date(now - rng.int(1, 90) * DAY_MS - rng.int(8 * 3600, 18 * 3600) * 1000),
        address: d.name,
        lat: d.lat,
        lon: d.lon,
        photo: rng.chance(0.7) ? DEMO_INSTALL_PHOTO : null,
        note: null,
      },
    ];
  });
  for (let i = 0; i < rows.length; i += 1000) await tx.insert(installations).values(rows.slice(i, i + 1000));
  return rows.length;
}
