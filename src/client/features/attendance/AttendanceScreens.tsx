import { Trans } from '@lingui/react/macro';
import attendanceRecordDef from '../../../entities/attendance-record/resource';
import attendanceRuleDef from '../../../entities/attendance-rule/resource';
import { ResourceScreen } from '../resources/ResourceScreen';
import type { RouteScreenProps } from '../screens/types';
import { MonthlyReportButton, RecomputeButton } from './AttendanceJobs';

/** /AttendanceList: the rules, with the recompute of a span after a change. */
export function AttendanceRuleScreen(props: RouteScreenProps) {
  return (
    <ResourceScreen
      def={attendanceRuleDef}
      {...props}
      title={<Trans>考勤设置</Trans>}
      toolbar={() => <RecomputeButton />}
    />
  );
}

/** /AttendanceInfoList, /EdAttendanceInfoList, /EdAbsenceList: the computed records, with the monthly report. */
export function AttendanceRecordScreen(props: RouteScreenProps) {
  const dept = props.search.filters?.departmentId;
  return (
    <ResourceScreen
      def={attendanceRecordDef}
      {...props}
      toolbar={() => <MonthlyReportButton departmentId={typeof dept === 'number' ? dept : undefined} />}
    />
  );
}
