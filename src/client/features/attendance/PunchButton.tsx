import { useState } from 'react';
import { Button, type ButtonProps } from '@mantine/core';
import { IconFingerprint } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { Trans, useLingui } from '@lingui/react/macro';
import { formatDateCell } from '../../components/DataTable/cells';
import { request, toast } from '../../lib/request';
import { useSession } from '../../lib/session';
import { invalidateResource } from '../resources/resources.queries';

/** What POST /api/user/attendancePunch/punch answers (src/server/attendance-sources/routes.ts). */
export interface PunchAnswer {
  at: string;
  source: number;
}

/**
 * The console's punch button: the logged-in user punches in or out now (source 1, the service's
 * time); the punch lists and the attendance records refresh. Hidden for the visitor, who writes
 * nothing. Errors are shown by the request helper.
 */
export function PunchButton({ onPunched, ...props }: ButtonProps & { onPunched?: (answer: PunchAnswer) => void }) {
  const { t } = useLingui();
  const queryClient = useQueryClient();
  const { user } = useSession();
  const [busy, setBusy] = useState(false);
  if (!user || user.kind === 'visitor') return null;

  const punch = async () => {
    setBusy(true);
    try {
      const answer = await request<PunchAnswer>('user', 'attendancePunch/punch', {});
      const time = formatDateCell(answer.at, 'HH:mm');
      toast('success', t`已打卡：${time}`);
      await Promise.all([
        invalidateResource(queryClient, 'attendancePunch'),
        invalidateResource(queryClient, 'attendanceRecord'),
      ]);
      onPunched?.(answer);
    } catch {
      // The request helper has shown why.
    } finally {
      setBusy(false);
    }
  };

  return (
    <Button leftSection={<IconFingerprint size={16} />} loading={busy} onClick={() => void punch()} {...props}>
      <Trans>打卡</Trans>
    </Button>
  );
}
