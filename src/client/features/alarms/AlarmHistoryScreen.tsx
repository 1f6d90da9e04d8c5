import { useState } from 'react';
import { Button } from '@mantine/core';
import { useLingui as useI18n } from '@lingui/react';
import { Trans, useLingui } from '@lingui/react/macro';
import { ALARM_HANDLE } from '../../../shared/alarms/types';
import { requireSelection } from '../../components/DataTable';
import { hasMark, isReadOnly, useSession } from '../../lib/session';
import type { RouteScreenProps } from '../screens/types';
import { ResourceScreen, type RowAction } from '../resources/ResourceScreen';
import { alarmCells, canAcknowledge } from './AlarmCells';
import { HANDLE_MARK } from './alarmMutations';
import { alarmDef } from './alarmResource';
import { AlarmTimelineView } from './AlarmTimelineView';
import { HandleModal } from './HandleModal';
import { historyDef } from './historyDef';
import { useAlarmActions } from './useAlarmActions';

export interface AlarmHistoryScreenProps extends RouteScreenProps {
  /** Opens the device detail screen (the route wires navigation). */
  onOpenDevice?: (imei: string) => void;
}

/** /AlarmHistory: the engine's list of alarm records with read/handle (single and bulk) and export. */
export function AlarmHistoryScreen({ onOpenDevice, ...props }: AlarmHistoryScreenProps) {
  const { t } = useLingui();
  const { i18n } = useI18n();
  useSession();
  const def = historyDef(alarmDef(), i18n);
  const actions = useAlarmActions();
  const [handling, setHandling] = useState<number[] | null>(null);

  const rowActions: RowAction[] = [
    {
      id: 'alarmRead',
      title: t`标为已读`,
      color: 'gray',
      // A critical row nobody took offers 我来处理 in its place (taking it marks it read too), so one
      // button serves and the action column keeps its width at 1366 px.
      visible: (row) => !isReadOnly() && Number(row.read) === 0 && !canAcknowledge(row),
      run: (row) => actions.markRead([row.id]),
    },
    {
      id: 'alarmAck',
      title: t`我来处理`,
      color: 'red',
      visible: (row) => !isReadOnly() && canAcknowledge(row),
      run: (row) => actions.acknowledge([row.id]),
    },
    {
      id: 'alarmHandle',
      title: t`处理`,
      color: 'orange',
      mark: HANDLE_MARK,
      visible: (row) => Number(row.handleState) === ALARM_HANDLE.pending,
      run: (row) => setHandling([row.id]),
    },
    { id: 'alarmDevice', title: t`查看设备`, color: 'blue', run: (row) => onOpenDevice?.(String(row.imei)) },
  ];

  const toolbar = (selected: number[]) => (
    <>
      {!isReadOnly() && (
        <Button
          variant="light"
          onClick={() => requireSelection(selected, actions.markRead)}
          data-testid="alarm-bulk-read"
        >
          <Trans>批量已读</Trans>
        </Button>
      )}
      {hasMark(HANDLE_MARK) && (
        <Button
          variant="light"
          color="orange"
          onClick={() => requireSelection(selected, setHandling)}
          data-testid="alarm-bulk-handle"
        >
          <Trans>批量处理</Trans>
        </Button>
      )}
    </>
  );

  return (
    <>
      <ResourceScreen
        def={def}
        {...props}
        rowActions={rowActions}
        toolbar={toolbar}
        cells={alarmCells}
        canChange={false}
        detailExtra={(row) => <AlarmTimelineView id={Number(row.id)} />}
      />
      <HandleModal ids={handling} onClose={() => setHandling(null)} />
    </>
  );
}
