import { eq } from 'drizzle-orm';
import { MAP_HOST_RE, MAP_PROVIDERS, platformMapHosts, type MapSettings } from '../../shared/geo/map-config';
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
    if (Array.isArray(raw.allowedHosts))
      out.allowedHosts = raw.allowedHosts.filter((h): h is string => typeof h === 'string' && MAP_HOST_RE.test(h));
    return out;
  } catch {
    return {};
  }
}

export async function readMapSettings(db: Db, key: string): Promise<MapSettings> {
  const [row] = await db.select({ value: settings.value }).from(settings).where(eq(settings.key, key));
  return parse(row?.value);
}

/**
 * The map hosts the Content-Security-Policy allows: the super administrator's allowlist and the
 * hosts of the platform's own URLs. A tenant's saved URLs never add one (they must be among these).
 */
export async function readPlatformMapHosts(db: Db): Promise<string[]> {
  return platformMapHosts(await readMapSettings(db, PLATFORM_KEY));
}

/** Merges `patch` into what `key` holds; fields the patch leaves out keep their value. */
export async function saveMapSettings(db: Db, key: string, patch: MapSettings): Promise<MapSettings> {
  const next = { ...(await readMapSettings(db, key)), ...patch };
  const value = JSON.stringify(next);
  await db.insert(settings).values({ key, value }).onConflictDoUpdate({ target: settings.key, set: { value } });
  return next;
}
