import { existsSync } from 'node:fs';
import { join, resolve } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { Code } from '../../shared/api';
import { MESSAGES } from '../../shared/messages';
import { envelope } from '../lib/api-error';

const METHODS = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'] as const;

const NOT_BUILT = 'The console is not built yet: run `npm run build` (or `npm start`), then reload.\n';
// Files the browser must re-check on every load, or an update would never reach it.
const NO_CACHE = /(^|\/)(index\.html|sw\.js|manifest\.webmanifest)$/;

/**
 * Serves the built PWA from STATIC_DIR and owns the not-found answer: the envelope under /api,
 * index.html for client-side routes (SPA fallback), a plain 404 for missing files.
 */
async function web(app: FastifyInstance) {
  const root = resolve(app.config.staticDir);
  const hasIndex = existsSync(join(root, 'index.html'));
  if (existsSync(root)) {
    await app.register(fastifyStatic, {
      root,
      wildcard: true,
      setHeaders(reply, path) {
        if (NO_CACHE.test(path)) reply.header('cache-control', 'no-cache');
        else if (path.includes(`${root}/assets/`)) reply.header('cache-control', 'public, max-age=31536000, immutable');
      },
    });
  }

  app.setNotFoundHandler((request: FastifyRequest, reply: FastifyReply) => {
    const path = request.url.split('?')[0] ?? '/';
    if (path === '/api' || path.startsWith('/api/') || (request.method !== 'GET' && request.method !== 'HEAD')) {
      // A route that exists under another method (a GET of a POST API): 405 naming the ones it takes.
      const allow = METHODS.filter((method) => method !== request.method && app.hasRoute({ method, url: path }));
      if (allow.length) {
        return reply
          .status(405)
          .header('allow', allow.join(', '))
          .send(
            envelope(
              Code.NOT_FOUND,
              'methodNotAllowed',
              null,
              `${MESSAGES.methodNotAllowed} (${request.method} ${path}: ${allow.join(', ')})`,
            ),
          );
      }
      return reply
        .status(404)
        .send(envelope(Code.NOT_FOUND, 'routeNotFound', null, `${MESSAGES.routeNotFound}: ${request.method} ${path}`));
    }
    // A missing asset is a 404, not the app shell (which would break as script or image).
    if (/\.[a-z0-9]+$/i.test(path)) return reply.status(404).type('text/plain').send('Not found\n');
    if (!hasIndex) return reply.type('text/plain').send(NOT_BUILT);
    return reply.header('cache-control', 'no-cache').sendFile('index.html');
  });
}

export default fp(web, { name: 'static', dependencies: ['errors'] });
