import { defineEntity } from '../../server/engine/registry';
import faceSample from './resource';
import { faceSamples } from './table';

export default defineEntity({
  def: faceSample,
  table: faceSamples,
  hooks: {
    // Every add and every update runs the picture through face processing (src/server/faces/):
    // loaded here, not at import, so the service starts without the face engine (and a static
    // import would be a cycle: samples.ts uses this folder's index.ts, which exports this binding).
    async beforeWrite(ctx, tx, values, _input, tenantId, existing) {
      const { prepareSample } = await import('../../server/faces/samples');
      await prepareSample(ctx.app, tx, values, tenantId, existing?.id);
    },
  },
});
