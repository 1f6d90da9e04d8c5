import { defineEntity } from '../../server/engine/registry';
import { prepareSample } from '../../server/faces';
import faceSample from './resource';
import { faceSamples } from './table';

export default defineEntity({
  def: faceSample,
  table: faceSamples,
  hooks: {
    // Every add and every update runs the picture through face processing (src/server/faces/).
    async beforeWrite(ctx, tx, values, _input, tenantId, existing) {
      await prepareSample(ctx.app, tx, values, tenantId, existing?.id);
    },
  },
});
