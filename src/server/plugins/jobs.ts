import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { deleteJob } from '../jobs/delete';
import { exportJob } from '../jobs/export';
import { JobFiles } from '../jobs/files';
import { importJob } from '../jobs/import';
import { Jobs } from '../jobs/jobs';
import { JobRunner, type RunnerOptions } from '../jobs/runner';
import { purgeJob } from '../media-library/purge-job';
import { COMMUNITY_ROOMS_JOB, communityRoomsJob } from '../../entities/community';
import { BILL_REPORT_JOB, billReportJob } from '../jobs/bill-report';
import { SIM_SYNC_JOB, simSyncJob } from '../../entities/sim-card';
import { ATTENDANCE_REPORT_JOB, attendanceReportJob } from '../jobs/attendance-report';
import { CELL_TOWER_IMPORT_JOB, cellTowerImportJob } from '../../entities/cell-tower';
import { ATTENDANCE_RECOMPUTE_JOB, attendanceRecomputeJob } from '../attendance';

/** Background jobs: the runner starts with the service and stops (aborting its job) before the database closes. */
async function jobsPlugin(app: FastifyInstance, opts: RunnerOptions) {
  // Job files live where uploads do (local disk or S3), so any replica serves any job's file.
  const files = new JobFiles(app.storage, app.config.dataDir);
  const runner = new JobRunner(
    app,
    files,
    {
      export: exportJob,
      import: importJob,
      delete: deleteJob,
      purge: purgeJob,
      [COMMUNITY_ROOMS_JOB]: communityRoomsJob,
      [BILL_REPORT_JOB]: billReportJob,
      [SIM_SYNC_JOB]: simSyncJob,
      [ATTENDANCE_REPORT_JOB]: attendanceReportJob,
      [ATTENDANCE_RECOMPUTE_JOB]: attendanceRecomputeJob,
      [CELL_TOWER_IMPORT_JOB]: cellTowerImportJob,
    },
    opts,
  );
  app.decorate('jobs', new Jobs(app, runner, files));
  app.addHook('onReady', async () => runner.start());
  app.addHook('onClose', () => runner.stop());
}

export default fp(jobsPlugin, { name: 'jobs', dependencies: ['db', 'storage'] });
