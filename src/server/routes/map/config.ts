import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { Code } from '../../../shared/api';
import {
  MAP_DEFAULTS,
  mapConfigBody,
  type MapConfig,
  type MapProvider,
  type MapSettings,
  mapUrlAllowed,
  platformMapHosts,
} from '../../../shared/geo/map-config';
import type { Config } from '../../config';
import { isPlatformScope, type Scope } from '../../db/scope';
import { fail } from '../../lib/api-error';
import { authed } from '../../auth/request';
import { PLATFORM_KEY, readMapSettings, saveMapSettings, tenantKey } from '../../repos/map-settings';

const tags = ['map'];

function providersOf(keys: Config['maps']): MapProvider[] {
  const out: MapProvider[] = ['maplibre'];
  if (keys.amapKey) out.push('amap');
  if (keys.googleKey) out.push('google');
  return out;
}

/**
 * Saved settings plus the keys of the environment; a saved provider without its key falls back to
 * MapLibre. A tenant's tile or style URL on a host the platform does not allow (saved before the
 * allowlist, or the host taken off it since) is ignored: the platform's applies.
 */
export function resolveMapConfig(keys: Config['maps'], platform: MapSettings, tenant: MapSettings): MapConfig {
  const allowedHosts = platformMapHosts(platform);
  // A tenant's URL counts when it clears the platform's (null) or is on an allowed host.
  const counts = (url: string | null | undefined) => url === null || (!!url && mapUrlAllowed(url, allowedHosts));
  const saved: MapSettings = { ...platform };
  if (tenant.provider) saved.provider = tenant.provider;
  if (counts(tenant.styleUrl)) saved.styleUrl = tenant.styleUrl;
  if (counts(tenant.tileUrl)) saved.tileUrl = tenant.tileUrl;
  const providers = providersOf(keys);
  const config: MapConfig = {
    provider: saved.provider && providers.includes(saved.provider) ? saved.provider : 'maplibre',
    providers,
    styleUrl: saved.styleUrl || null,
    tileUrl: saved.tileUrl || null,
    allowedHosts,
    center: [...MAP_DEFAULTS.center],
    zoom: MAP_DEFAULTS.zoom,
  };
  if (keys.amapKey) config.amapKey = keys.amapKey;
  if (keys.amapKey && keys.amapSecurityCode) config.amapSecurityCode = keys.amapSecurityCode;
  if (keys.googleKey) config.googleKey = keys.googleKey;
  return config;
}

/** Super administrators save the platform-wide default, a tenant's administrators their tenant's. */
function keyFor(scope: Scope): string {
  if (isPlatformScope(scope)) return PLATFORM_KEY;
  if (scope.kind === 'admin') return tenantKey(scope.tenantId);
  return fail(Code.FORBIDDEN, 'noPermission');
}

const configRoutes: FastifyPluginAsyncZod = async (app) => {
  const current = async (scope: Scope) =>
    resolveMapConfig(
      app.config.maps,
      await readMapSettings(app.db, PLATFORM_KEY),
      isPlatformScope(scope) ? {} : await readMapSettings(app.db, tenantKey(scope.tenantId)),
    );

  app.get(
    '/config',
    { schema: { tags, summary: 'Map provider, basemap URLs, SDK keys and the default view' } },
    async (request, reply) => {
      return reply.ok(await current(authed(request).scope));
    },
  );

  app.post(
    '/config',
    {
      config: { write: true },
      schema: {
        tags,
        summary:
          "Save the provider and the tile or style URL (administrators; a tenant's URLs on a host of the platform's allowlist only: else 'mapHostNotAllowed'); the allowlist (super administrators)",
        body: mapConfigBody,
      },
    },
    async (request, reply) => {
      const { scope } = authed(request);
      const key = keyFor(scope);
      const patch: MapSettings = {};
      const body = request.body;
      if (body.provider !== undefined) patch.provider = body.provider;
      if (body.styleUrl !== undefined) patch.styleUrl = body.styleUrl || null;
      if (body.tileUrl !== undefined) patch.tileUrl = body.tileUrl || null;
      if (body.allowedHosts !== undefined) {
        // The allowlist is the platform's: a tenant picks among its hosts, never adds one.
        if (key !== PLATFORM_KEY) fail(Code.FORBIDDEN, 'noPermission');
        patch.allowedHosts = [...new Set(body.allowedHosts)];
      }
      if (key !== PLATFORM_KEY) {
        const hosts = platformMapHosts(await readMapSettings(app.db, PLATFORM_KEY));
        for (const url of [patch.styleUrl, patch.tileUrl])
          if (url && !mapUrlAllowed(url, hosts)) fail(Code.BAD_REQUEST, 'mapHostNotAllowed');
      }
      await saveMapSettings(app.db, key, patch);
      return reply.ok(await current(scope));
    },
  );
};

export default configRoutes;
