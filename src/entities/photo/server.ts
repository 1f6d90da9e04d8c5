import { defineEntity } from '../../server/engine/registry';
import photo from './resource';
import { reporterName, thumbnailFor } from '../../server/uploads/thumbnail';
import { photos } from './table';

export default defineEntity({
  def: photo,
  table: photos,
  hooks: {
    // A new or changed picture gets its thumbnail and size from the service, whoever uploaded it.
    beforeWrite: async (ctx, tx, values, _input, tenantId, existing) => {
      if (typeof values.image === 'string')
        Object.assign(values, await thumbnailFor(ctx.app, tenantId, values.image, tx));
      if (!existing) values.reporter = await reporterName(tx, ctx.scope.userId);
    },
  },
});
