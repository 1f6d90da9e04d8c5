import { useState } from 'react';
import { Group, Modal, Radio, Stack, Text, Textarea } from '@mantine/core';
import { Trans, useLingui } from '@lingui/react/macro';
import { alarmHandleBody } from '../../../shared/alarms/api';
import { ALARM_HANDLE } from '../../../shared/alarms/types';
import { fieldErrors } from '../../lib/formErrors';
import { useFormErrors } from '../../lib/useFormErrors';
import { useAlarmActions, type HandleInput } from './useAlarmActions';
import { ModalFooter } from '../../components/ModalFooter';

interface HandleModalProps {
  /** Alarms to handle; null closes the dialog. */
  ids: number[] | null;
  onClose: () => void;
}

/** Handle one or more alarms: a result (handled / false alarm) and an optional note. */
export function HandleModal({ ids, onClose }: HandleModalProps) {
  const { t } = useLingui();
  return (
    <Modal opened={ids !== null} onClose={onClose} title={t`处理报警`} centered>
      {ids && <HandleForm ids={ids} onClose={onClose} />}
    </Modal>
  );
}

function HandleForm({ ids, onClose }: { ids: number[]; onClose: () => void }) {
  const { t } = useLingui();
  const actions = useAlarmActions();
  const [state, setState] = useState<HandleInput['state'] | null>(null);
  const [note, setNote] = useState('');
  const errors = useFormErrors<'state' | 'note'>();

  const submit = () => {
    const found = fieldErrors<'note'>(alarmHandleBody.pick({ note: true }), { note });
    const invalid = errors.show({ state: state === null ? t`请选择处理结果` : undefined, note: found.note });
    if (invalid || state === null) return;
    actions.handle(ids, { state, note }, onClose);
  };

  const count = ids.length;
  return (
    <Stack gap="sm" data-testid="alarm-handle-form">
      {count > 1 && (
        <Text size="sm" c="dimmed">
          <Trans>已选择 {count} 条报警</Trans>
        </Text>
      )}
      <Radio.Group
        label={t`处理结果`}
        withAsterisk
        value={state === null ? null : String(state)}
        onChange={(v) => setState(Number(v) as HandleInput['state'])}
        error={errors.text('state')}
      >
        <Group mt={4}>
          <Radio value={String(ALARM_HANDLE.handled)} label={t`已处理`} data-testid="handle-state-handled" />
          <Radio value={String(ALARM_HANDLE.falseAlarm)} label={t`误报`} data-testid="handle-state-false" />
        </Group>
      </Radio.Group>
      <Textarea
        label={t`处理说明`}
        autosize
        minRows={3}
        value={note}
        onChange={(e) => setNote(e.currentTarget.value)}
        error={errors.text('note')}
        data-testid="handle-note"
      />
      <ModalFooter onCancel={onClose} onClick={submit} data-testid="handle-submit">
        <Trans>确定</Trans>
      </ModalFooter>
    </Stack>
  );
}
