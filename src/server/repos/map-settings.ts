import { eq, like } from 'drizzle-orm';
import { MAP_PROVIDERS, type MapSettings } from '../../shared/geo/map-config';
import type { Db } from '../db/driver';
import { settings } from '../db/schema';

/** Platform-wide map settings (saved by a super administrator); a tenant's own override them. */
export const PLATFORM_KEY = 'map.config';
export const tenantKey = (tenantId: number) => `map.config.tenant.${tenantId}`;

/** A stored value that no longer parses (hand-edited, older version) counts as unset. */
function parse(value: string | undefined): MapSettings {
  if (!value) return {};
  try {
    const raw = JSON.parse(value) as Record<string, unknown>;
    const out: MapSettings = {};
    if (MAP_PROVIDERS.includes(raw.provider as never)) out.provider = raw.provider as MapSettings['provider'];
    for (const k of ['styleUrl', 'tileUrl'] as const) {
      if (typeof raw[k] === 'string' || raw[k] === null) out[k] = raw[k] as string | null;
    }
    return out;
  } catch {
    return {};
  }
}

export async function readMapSettings(db: Db, key: string): Promise<MapSettings> {
  const [row] = await db.select({ value: settings.value }).from(settings).where(eq(settings.key, key));
  return parse(row?.value);
}

/** Every saved map setting, the platform's and each tenant's (the CSP allows all their hosts). */
export async function readAllMapSettings(db: Db): Promise<MapSettings[]> {
  const rows = await db
    .select({ value: settings.value })
    .from(settings)
    .where(like(settings.key, `${PLATFORM_KEY}%`));
  return rows.map((r) => parse(r.value));
}

/** Merges `patch` into what `key` holds; fields the patch leaves out keep their value. */
export async function saveMapSettings(db: Db, key: string, patch: MapSettings): Promise<MapSettings> {
  const next = { ...(await readMapSettings(db, key)), ...patch };
  const value = JSON.stringify(next);
  await db.insert(settings).values({ key, value }).onConflictDoUpdate({ target: settings.key, set: { value } });
  return next;
}
