import { Code } from '../../shared/api';
import { defineEntity } from '../../server/engine/registry';
import { fail } from '../../server/lib/api-error';
import { splitValues } from '../../shared/product-sku';
import productSpec from './resource';
import { productSpecs } from './table';

export default defineEntity({
  def: productSpec,
  table: productSpecs,
  hooks: {
    // Values normalised to "a,b,c", each once; at least one, at most 50.
    async beforeWrite(_ctx, _tx, values) {
      if (values.values === undefined) return;
      const list = splitValues(String(values.values ?? ''));
      if (!list.length) fail(Code.BAD_REQUEST, 'productSpecValuesRequired');
      if (list.length > 50) fail(Code.BAD_REQUEST, 'tooLarge');
      values.values = list.join(',');
    },
  },
});
