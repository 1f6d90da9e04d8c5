import { useState } from 'react';
import { Modal, Select, Stack, TextInput } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { Trans, useLingui } from '@lingui/react/macro';
import { PHONE_RE } from '../../../shared/validation';
import { refOptionsQuery, type Row } from '../resources/resources.queries';
import { useDeviceAction } from './devices.queries';
import { ModalFooter } from '../../components/ModalFooter';

interface BindBody {
  id: number;
  userId?: number | null;
  personName?: string;
  personPhone?: string;
}

/** Bind a device to a user and/or a responsible person. */
export function BindModal({ device, onClose }: { device: Row | null; onClose: () => void }) {
  const { t } = useLingui();
  const [user, setUser] = useState<string | null>(null);
  const [personName, setPersonName] = useState('');
  const [personPhone, setPersonPhone] = useState('');
  const [phoneError, setPhoneError] = useState(false);
  const users = useQuery({ ...refOptionsQuery({ kind: 'user', resource: 'user' }), enabled: Boolean(device) });
  const close = () => {
    setUser(null);
    setPersonName('');
    setPersonPhone('');
    setPhoneError(false);
    onClose();
  };
  const bind = useDeviceAction<BindBody>('device/bind', close);
  const submit = () => {
    if (!device) return;
    const phone = personPhone.trim();
    if (phone && !PHONE_RE.test(phone)) return setPhoneError(true);
    bind.mutate({
      id: device.id,
      userId: user ? Number(user) : null,
      personName: personName.trim(),
      personPhone: phone,
    });
  };
  return (
    <Modal opened={Boolean(device)} onClose={close} title={t`绑定设备`} centered>
      <Stack>
        <Select
          label={t`使用人`}
          clearable
          searchable
          data={(users.data ?? []).map((r) => ({ value: String(r.id), label: String(r.name ?? r.username) }))}
          value={user}
          onChange={setUser}
        />
        <TextInput
          label={t`责任人`}
          maxLength={32}
          value={personName}
          onChange={(e) => setPersonName(e.currentTarget.value)}
        />
        <TextInput
          label={t`责任人电话`}
          value={personPhone}
          error={phoneError ? t`手机号格式不正确` : undefined}
          onChange={(e) => {
            setPersonPhone(e.currentTarget.value);
            setPhoneError(false);
          }}
        />
        <ModalFooter onCancel={close} loading={bind.isPending} onClick={submit} data-testid="bind-submit">
          <Trans>确定</Trans>
        </ModalFooter>
      </Stack>
    </Modal>
  );
}
