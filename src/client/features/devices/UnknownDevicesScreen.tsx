import { useState } from 'react';
import { Code, Modal, Select, Stack, Text, TextInput } from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Trans, useLingui } from '@lingui/react/macro';
import { DEVICE_KIND_TABLE } from '../../../shared/codes';
import unknownDeviceDef, {
  registerUnknownBody,
  type RegisterUnknownBody,
} from '../../../entities/unknown-device/resource';
import { fieldErrors } from '../../lib/formErrors';
import { request } from '../../lib/request';
import { useFormErrors } from '../../lib/useFormErrors';
import { isSuperAdmin } from '../org/org.api';
import { useCodeLabel } from '../resources/display';
import { ResourceScreen } from '../resources/ResourceScreen';
import { invalidateResource, refOptionsQuery, type Row } from '../resources/resources.queries';
import type { RouteScreenProps } from '../screens/types';
import { ModalFooter } from '../../components/ModalFooter';

type Draft = { productId: string | null; tenantId: string | null; kind: string | null; name: string };

/** One line of a frame, cut by the cell's width (the detail drawer shows it whole). */
const frameCell = (value: unknown) =>
  value ? (
    <Code
      style={{ display: 'block', whiteSpace: 'nowrap', overflow: 'hidden', textOverflow: 'ellipsis' }}
      title={String(value)}
    >
      {String(value)}
    </Code>
  ) : null;

/**
 * The one-click registration (docs/protocols.md "Identity"): product, tenant, kind and name; the
 * device is created under the row's identifier and let in on its next connection.
 */
export function RegisterModal({ row, onClose }: { row: Row; onClose: () => void }) {
  const { t } = useLingui();
  const codeLabel = useCodeLabel();
  const queryClient = useQueryClient();
  const identifier = String(row.identifier ?? '');
  const [draft, setDraft] = useState<Draft>({ productId: null, tenantId: null, kind: null, name: identifier });
  const errors = useFormErrors<keyof RegisterUnknownBody>();
  const products = useQuery(refOptionsQuery({ kind: 'device', resource: 'product' }));
  const tenants = useQuery(refOptionsQuery({ kind: 'user', resource: 'tenant' }));
  const register = useMutation({
    mutationFn: (body: RegisterUnknownBody) => request('device', 'unknownDevice/register', body, { showMessage: true }),
    onSuccess: async () => {
      await Promise.all(['unknownDevice', 'device'].map((name) => invalidateResource(queryClient, name)));
      onClose();
    },
  });
  const submit = () => {
    const body = {
      id: row.id,
      productId: draft.productId ? Number(draft.productId) : undefined,
      tenantId: draft.tenantId ? Number(draft.tenantId) : undefined,
      kind: draft.kind ?? undefined,
      name: draft.name,
    };
    if (errors.show(fieldErrors<keyof RegisterUnknownBody>(registerUnknownBody, body))) return;
    register.mutate(registerUnknownBody.parse(body));
  };
  const set = (patch: Partial<Draft>) => setDraft((d) => ({ ...d, ...patch }));
  const options = (rows: Row[] | undefined) =>
    (rows ?? []).map((r) => ({ value: String(r.id), label: String(r.name ?? r.id) }));
  return (
    <Modal opened onClose={onClose} title={t`注册设备`} centered>
      <Stack data-testid="unknown-register">
        <Text size="sm" c="dimmed">
          <Trans>
            将以标识 <Code>{identifier}</Code> 新增设备并分配给所选企业；设备下次连接时即被接纳。
          </Trans>
        </Text>
        <Select
          label={t`产品`}
          withAsterisk
          searchable
          data={options(products.data)}
          value={draft.productId}
          onChange={(v) => set({ productId: v })}
          error={errors.text('productId')}
          data-testid="unknown-register-product"
        />
        <Select
          label={t`所属企业`}
          withAsterisk
          searchable
          data={options(tenants.data)}
          value={draft.tenantId}
          onChange={(v) => set({ tenantId: v })}
          error={errors.text('tenantId')}
          data-testid="unknown-register-tenant"
        />
        <Select
          label={t`设备类型`}
          withAsterisk
          searchable
          data={DEVICE_KIND_TABLE.map((k) => ({ value: k.value, label: codeLabel(DEVICE_KIND_TABLE, k.value) }))}
          value={draft.kind}
          onChange={(v) => set({ kind: v })}
          error={errors.text('kind')}
          data-testid="unknown-register-kind"
        />
        <TextInput
          label={t`名称`}
          withAsterisk
          maxLength={64}
          value={draft.name}
          onChange={(e) => set({ name: e.currentTarget.value })}
          error={errors.text('name')}
          data-testid="unknown-register-name"
        />
        <ModalFooter
          onCancel={onClose}
          loading={register.isPending}
          onClick={submit}
          data-testid="unknown-register-submit"
        >
          <Trans>注册</Trans>
        </ModalFooter>
      </Stack>
    </Modal>
  );
}

/**
 * /unknownDevices: devices pointed at the service's protocol ports under an identifier nobody
 * registered (docs/protocols.md "Identity"), for platform super administrators: the generic list
 * with the frames in monospace, a registration per row, and dismissal (delete).
 */
export function UnknownDevicesScreen(props: RouteScreenProps) {
  const { t } = useLingui();
  const [registering, setRegistering] = useState<Row | null>(null);
  return (
    <>
      <ResourceScreen
        def={unknownDeviceDef}
        {...props}
        rowActions={
          isSuperAdmin() ? [{ id: 'register', title: t`注册`, color: 'teal', run: (row) => setRegistering(row) }] : []
        }
        cells={{
          lastFrameHex: (row) => frameCell(row.lastFrameHex),
          lastFrameText: (row) => frameCell(row.lastFrameText),
          decoded: (row) => frameCell(row.decoded),
        }}
        empty={
          <Text c="dimmed" size="sm" data-testid="unknown-empty">
            <Trans>
              没有未注册的设备。设备指向本服务的设备协议端口（默认 GT06 5023、手表 5093、JT/T 808 5015、OsmAnd
              5055），而其标识（IMEI 或终端手机号）无人注册时，会出现在这里，可一键注册。
            </Trans>
          </Text>
        }
      />
      {registering && <RegisterModal row={registering} onClose={() => setRegistering(null)} />}
    </>
  );
}
