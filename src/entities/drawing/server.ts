import { defineEntity } from '../../server/engine/registry';
import { indoorMapOf } from '../indoor-map/server';
import { num, requireOnAdd } from '../indoor-map';
import drawing from './resource';
import { drawings } from './table';

export default defineEntity({
  def: drawing,
  table: drawings,
  hooks: {
    async beforeWrite(_ctx, tx, values, _input, tenantId, existing) {
      requireOnAdd(drawing, values, existing);
      if (existing) values.updatedAt = new Date();
      const mapId = num(values.indoorMapId);
      if (mapId) await indoorMapOf(tx, mapId, tenantId);
    },
  },
});
