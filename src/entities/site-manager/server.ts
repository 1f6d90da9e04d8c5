import { defineEntity } from '../../server/engine/registry';
import { dayRangeFilter } from '../work-plan/server';
import siteManager from './resource';
import { siteManagers } from './table';

export default defineEntity({
  def: siteManager,
  table: siteManagers,
  filters: { entryDate: dayRangeFilter(siteManagers.entryDate) },
  hooks: {
    // The entry date is a calendar day (post and department: the engine checks they are the company's).
    async beforeWrite(_ctx, _tx, values) {
      if (values.entryDate instanceof Date) values.entryDate = values.entryDate.toISOString().slice(0, 10);
      if (typeof values.idNumber === 'string') values.idNumber = values.idNumber.toUpperCase();
    },
  },
});
