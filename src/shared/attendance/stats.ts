/** What POST /api/user/attendanceRecord/stats answers (the `attendance` screen's charts). */
export interface AttendanceStats {
  from: string;
  to: string;
  /** Records counted once per problem they have (normal: none). */
  totals: { records: number; normal: number; late: number; early: number; absent: number; leave: number };
  /** Every day of [from, to], zeros included. */
  days: { day: string; normal: number; late: number; early: number; absent: number; leave: number }[];
  departments: {
    departmentId: number | null;
    name: string | null;
    records: number;
    normal: number;
    late: number;
    early: number;
    absent: number;
  }[];
  /** The ten workers late most often (late periods), then by id. */
  topLate: { userId: number; name: string; late: number; early: number; absent: number }[];
}
