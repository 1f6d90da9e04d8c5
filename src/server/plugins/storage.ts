import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { createStorage } from '../storage';

/** `app.storage`: where uploads live, as STORAGE_URL says (docs/security.md "Uploads and storage"). */
async function storage(app: FastifyInstance) {
  const store = await createStorage(app.config.storage, app.config.dataDir);
  app.decorate('storage', store);
  app.addHook('onClose', async () => {
    await store.close?.();
  });
}

export default fp(storage, { name: 'storage' });
