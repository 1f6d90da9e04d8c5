/**
 * The map configuration (`GET/POST /api/map/config`) and the map's constants
 * (docs/requirements/constants.md#map-and-playback). Keys of the commercial providers come from the service's
 * environment, never from this body: the console only learns them to load the SDK.
 */
import { z } from 'zod';
import { DEVICE_KINDS } from '../devices/kinds';
import type { LonLat } from './fence';

export const MAP_PROVIDERS = ['maplibre', 'amap', 'google'] as const;
export type MapProvider = (typeof MAP_PROVIDERS)[number];

export const MAP_DEFAULTS = {
  center: [114.06, 22.54] as LonLat,
  zoom: 19,
  /** Zoom after picking a city. */
  cityZoom: 10,
  searchDebounceMs: 250,
} as const;

const MAX_URL = 2000;
// An empty string clears the value (back to the offline basemap).
const httpUrl = z
  .string()
  .trim()
  .max(MAX_URL, 'tooLong')
  .refine((v) => v === '' || /^https?:\/\/[^\s]+$/i.test(v), 'invalidInput');
const tileUrl = httpUrl.refine(
  (v) => v === '' || (v.includes('{z}') && v.includes('{x}') && v.includes('{y}')),
  'invalidInput',
);

/**
 * One host of the super administrator's map allowlist: an origin (`https://tiles.example.com`,
 * a port allowed) or every subdomain of one (`https://*.example.com`); nothing else, so an entry
 * can never add a directive or a keyword to the Content-Security-Policy it ends up in.
 */
export const MAP_HOST_RE =
  /^https?:\/\/(\*\.)?[a-z0-9](?:[a-z0-9-]*[a-z0-9])?(?:\.[a-z0-9](?:[a-z0-9-]*[a-z0-9])?)*(?::\d{1,5})?$/;
const MAX_MAP_HOSTS = 50;
const mapHost = z
  .string()
  .trim()
  .toLowerCase()
  .max(200, 'tooLong')
  .refine((v) => MAP_HOST_RE.test(v), 'invalidInput');

export const mapConfigBody = z.object({
  provider: z.enum(MAP_PROVIDERS).optional(),
  styleUrl: httpUrl.nullable().optional(),
  tileUrl: tileUrl.nullable().optional(),
  /** Super administrators only: the hosts tenants may take tiles and styles from. */
  allowedHosts: z.array(mapHost).max(MAX_MAP_HOSTS).optional(),
});

/** What is saved (per tenant, or platform-wide by a super administrator). */
export interface MapSettings {
  provider?: MapProvider;
  styleUrl?: string | null;
  tileUrl?: string | null;
  /** Platform-wide only: the map hosts tenants may pick among (MAP_HOST_RE entries). */
  allowedHosts?: string[];
}

/** The origin of a tile or style URL (templates hold `{z}` and the like, read as `0`); undefined if none. */
function mapUrlOrigin(url: string | null | undefined): string | undefined {
  if (!url) return undefined;
  try {
    const u = new URL(url.replace(/\{[^}]*\}/g, '0'));
    return u.protocol === 'https:' || u.protocol === 'http:' ? u.origin : undefined;
  } catch {
    return undefined;
  }
}

/**
 * The map hosts of the platform: the super administrator's allowlist and the hosts of the
 * platform's own tile and style URLs. These, and only these, reach the CSP.
 */
export function platformMapHosts(platform: MapSettings): string[] {
  const hosts = new Set((platform.allowedHosts ?? []).filter((h) => MAP_HOST_RE.test(h)));
  for (const u of [platform.styleUrl, platform.tileUrl]) {
    const o = mapUrlOrigin(u);
    if (o) hosts.add(o);
  }
  return [...hosts];
}

/** Whether a URL's origin is one of `hosts` (an entry `https://*.example.com` covers its subdomains). */
export function mapUrlAllowed(url: string, hosts: readonly string[]): boolean {
  const origin = mapUrlOrigin(url);
  if (!origin) return false;
  const { protocol, host } = new URL(origin);
  return hosts.some((h) => {
    if (h === origin) return true;
    const wild = /^(https?:)\/\/\*\.(.+)$/.exec(h);
    return !!wild && wild[1] === protocol && host.endsWith(`.${wild[2]}`);
  });
}

export interface MapConfig {
  /** The provider the map starts with (one of `providers`). */
  provider: MapProvider;
  /** Providers usable here: MapLibre always, the others when their keys are configured. */
  providers: MapProvider[];
  styleUrl: string | null;
  tileUrl: string | null;
  /** The hosts a tenant's tile and style URLs may use (the platform's allowlist and its own URLs' hosts). */
  allowedHosts?: string[];
  amapKey?: string;
  amapSecurityCode?: string;
  googleKey?: string;
  center: LonLat;
  zoom: number;
}

/** The configuration the console uses when the service cannot be asked (offline, old service). */
export const FALLBACK_MAP_CONFIG: MapConfig = {
  provider: 'maplibre',
  providers: ['maplibre'],
  styleUrl: null,
  tileUrl: null,
  center: [...MAP_DEFAULTS.center],
  zoom: MAP_DEFAULTS.zoom,
};

/** `POST /api/map/devices`: one located device (WGS-84). */
export interface MapDevice {
  imei: string;
  name: string | null;
  /** DEVICE_KINDS; lets a scenario dashboard's map keep its own kinds. */
  kind?: string;
  state: number;
  lat: number;
  lon: number;
  /** /locations_jf (`POST /api/map/locations`): the radius in metres and the source of the fix. */
  accuracy?: number | null;
  source?: string;
  /** Time of the fix, ms. */
  ts?: number;
}

/** `POST /api/map/locations`: the newest WGS-84 fix of every device of a kind, whatever its source. */
export const mapLocationsBody = z.object({
  kind: z.enum(DEVICE_KINDS).default('locator'),
});
