import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';
import { AUTH_HEADER } from '../../shared/api';

/** OpenAPI generated from the routes' zod schemas: UI at /api/docs, JSON at /api/docs/json. */
async function docs(app: FastifyInstance) {
  await app.register(swagger, {
    openapi: {
      info: {
        title: 'Safety console service',
        description:
          'Every answer is the envelope {code, msg, key, data}; code 0 is success, 208 an expired session. ' +
          'Send the session token in the Authorization header.',
        version: app.appVersion,
      },
      components: { securitySchemes: { token: { type: 'apiKey', in: 'header', name: AUTH_HEADER } } },
      security: [{ token: [] }],
    },
    transform: jsonSchemaTransform,
  });
  await app.register(swaggerUi, { routePrefix: '/api/docs' });
}

export default fp(docs, { name: 'swagger', dependencies: ['errors'] });
