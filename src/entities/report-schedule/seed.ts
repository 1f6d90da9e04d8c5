import { defineSeed } from '../../server/db/entity-seeds';
import { reportSchedules } from './table';

/** The demo site's daily alarm summary at 08:00 (its next run is set by the first sweep, on TIME_ZONE's clock). */
export default defineSeed({
  demo: async (tx, { tenantId }) => {
    await tx.insert(reportSchedules).values({
      tenantId,
      name: '每日报警汇总',
      kind: 'alarmSummary',
      frequency: 'daily',
      time: '08:00',
      recipients: 'safety-manager@demo-site.example',
      enabled: true,
    });
  },
});
