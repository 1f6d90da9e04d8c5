import { useState } from 'react';
import { Modal, Select, Stack, Text, TextInput } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { Trans, useLingui } from '@lingui/react/macro';
import { getUser } from '../../lib/session';
import { isSuperAdmin } from '../org/org.api';
import { refOptionsQuery } from '../resources/resources.queries';
import { useDeviceAction } from './devices.queries';
import { ModalFooter } from '../../components/ModalFooter';

interface AllocateBody {
  ids: number[];
  tenantId: number;
  departmentId?: number | null;
  note?: string;
}

/** Allocate the selected devices to a tenant (super administrators pick one) and optionally a department. */
export function AllocateModal({ ids, onClose }: { ids: number[] | null; onClose: () => void }) {
  const { t } = useLingui();
  const superAdmin = isSuperAdmin();
  const own = getUser()?.tenantId ?? null;
  const [tenant, setTenant] = useState<string | null>(null);
  const [department, setDepartment] = useState<string | null>(null);
  const [note, setNote] = useState('');
  const [error, setError] = useState(false);
  const tenants = useQuery({
    ...refOptionsQuery({ kind: 'user', resource: 'tenant' }),
    enabled: Boolean(ids) && superAdmin,
  });
  const departments = useQuery({ ...refOptionsQuery({ kind: 'user', resource: 'department' }), enabled: Boolean(ids) });
  const tenantId = superAdmin ? (tenant ? Number(tenant) : null) : own;
  const close = () => {
    setTenant(null);
    setDepartment(null);
    setNote('');
    setError(false);
    onClose();
  };
  const allocate = useDeviceAction<AllocateBody>('device/allocate', close);
  const submit = () => {
    if (!ids || !tenantId) return setError(true);
    allocate.mutate({
      ids,
      tenantId,
      departmentId: department ? Number(department) : null,
      ...(note.trim() ? { note: note.trim() } : {}),
    });
  };
  const departmentData = (departments.data ?? [])
    .filter((d) => !tenantId || d.tenantId === undefined || d.tenantId === tenantId)
    .map((d) => ({ value: String(d.id), label: String(d.name) }));

  return (
    <Modal opened={Boolean(ids)} onClose={close} title={t`分配设备`} centered>
      <Stack>
        <Text size="sm" c="dimmed">
          <Trans>已选择 {ids?.length ?? 0} 台设备</Trans>
        </Text>
        {superAdmin && (
          <Select
            label={t`目标企业`}
            withAsterisk
            searchable
            data={(tenants.data ?? []).map((r) => ({ value: String(r.id), label: String(r.name) }))}
            value={tenant}
            onChange={(v) => {
              setTenant(v);
              setDepartment(null);
              setError(false);
            }}
            error={error ? t`请选择目标企业` : undefined}
            data-testid="allocate-tenant"
          />
        )}
        <Select
          label={t`部门`}
          clearable
          searchable
          data={departmentData}
          value={department}
          onChange={setDepartment}
          data-testid="allocate-department"
        />
        <TextInput label={t`备注`} maxLength={200} value={note} onChange={(e) => setNote(e.currentTarget.value)} />
        <ModalFooter onCancel={close} loading={allocate.isPending} onClick={submit} data-testid="allocate-submit">
          <Trans>确定</Trans>
        </ModalFooter>
      </Stack>
    </Modal>
  );
}
