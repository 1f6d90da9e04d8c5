import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { readPlatformMapHosts } from '../repos/map-settings';

/** Hosts the commercial map SDKs load scripts, styles, tiles and data from. */
const AMAP = ['https://*.amap.com', 'https://*.autonavi.com', 'https://*.is.autonavi.com'];
const GOOGLE = [
  'https://maps.googleapis.com',
  'https://*.googleapis.com',
  'https://maps.gstatic.com',
  'https://*.gstatic.com',
  'https://*.ggpht.com',
];
const REFRESH_MS = 30_000;

/**
 * CSP hashes of the inline scripts of the built index.html (the boot script that sets the
 * direction and colour scheme before the bundle runs), so no 'unsafe-inline' is needed.
 */
function inlineScriptHashes(staticDir: string): string[] {
  let html: string;
  try {
    html = readFileSync(join(staticDir, 'index.html'), 'utf8');
  } catch {
    return [];
  }
  return [...html.matchAll(/<script(?![^>]*\bsrc=)[^>]*>([\s\S]*?)<\/script>/g)].map(
    (m) => `'sha256-${createHash('sha256').update(m[1]!, 'utf8').digest('base64')}'`,
  );
}

/** The origin of a configured URL (http(s) or ws(s)); undefined for anything else. */
function originOf(url: string | null | undefined): string | undefined {
  if (!url) return undefined;
  try {
    const u = new URL(url);
    return u.protocol === 'https:' || u.protocol === 'http:' || u.protocol === 'wss:' || u.protocol === 'ws:'
      ? u.origin
      : undefined;
  } catch {
    return undefined;
  }
}

/** The WebSocket origin of the address the console is published at (PUBLIC_URL): wss behind https. */
function publishedSocket(publicUrl: string | undefined): string | undefined {
  const origin = originOf(publicUrl);
  if (!origin) return undefined;
  const u = new URL(origin);
  return `${u.protocol === 'https:' ? 'wss' : 'ws'}://${u.host}`;
}

/**
 * Headers every answer carries (docs/security.md "Headers"): a Content-Security-Policy that lets
 * the console load only its own scripts and talk only to itself ('self', which covers its own
 * ws/wss in CSP3 browsers, and PUBLIC_URL's socket), its broker (MQTT_WS_URL) and the map hosts
 * of the platform (the super administrator's allowlist and the platform's own tile and style
 * URLs, read every 30 s; AMap or Google when their keys are set); no framing; no MIME sniffing;
 * no referrer to other sites; HSTS behind https. Nothing in it comes from the request (its Host)
 * or from a tenant's settings.
 */
async function securityHeaders(app: FastifyInstance) {
  const { config } = app;
  const fixed = new Set<string>();
  const broker = originOf(config.mqttWsUrl);
  if (broker) fixed.add(broker);
  const own = publishedSocket(config.publicUrl);
  const scripts = [...(config.maps.amapKey ? AMAP : []), ...(config.maps.googleKey ? GOOGLE : [])];
  const inline = inlineScriptHashes(config.staticDir);
  let mapHosts: string[] = [];
  let readAt = -Infinity;
  let reading: Promise<void> | undefined;

  const refresh = () =>
    (reading ??= readPlatformMapHosts(app.db)
      .then((hosts) => {
        mapHosts = hosts;
        readAt = app.clock.now();
      })
      .catch((err: unknown) => app.log.warn({ err }, 'map hosts for the CSP could not be read'))
      .finally(() => (reading = undefined)));

  const hsts = config.publicUrl?.startsWith('https://');
  app.addHook('onSend', async (_request, reply) => {
    reply.header('x-content-type-options', 'nosniff');
    reply.header('referrer-policy', 'same-origin');
    reply.header('x-frame-options', 'DENY');
    if (hsts) reply.header('strict-transport-security', 'max-age=31536000; includeSubDomains');
    // Uploaded files carry their own, stricter policy (uploads/send-upload.ts).
    if (reply.hasHeader('content-security-policy')) return;
    if (app.clock.now() - readAt > REFRESH_MS) await refresh();
    const external = [...fixed, ...mapHosts, ...scripts];
    const list = (xs: string[]) => xs.join(' ');
    reply.header(
      'content-security-policy',
      [
        "default-src 'self'",
        `script-src 'self' ${list([...inline, ...scripts])}`.trim(),
        // Mantine and the map SDKs set inline styles.
        `style-src 'self' 'unsafe-inline' ${list(scripts)}`.trim(),
        `img-src 'self' data: blob: ${list([...mapHosts, ...scripts])}`.trim(),
        `font-src 'self' data: ${list(scripts)}`.trim(),
        `connect-src 'self' ${list([...(own ? [own] : []), ...external])}`.trim(),
        // MapLibre runs its workers from blob URLs; the service worker is our own file.
        "worker-src 'self' blob:",
        "child-src 'self' blob:",
        "object-src 'none'",
        "base-uri 'self'",
        "form-action 'self'",
        "frame-ancestors 'none'",
      ].join('; '),
    );
  });
}

export default fp(securityHeaders, { name: 'security-headers', dependencies: ['db'] });
