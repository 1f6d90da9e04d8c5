import { useState } from 'react';
import { Alert, Group, MultiSelect, Stack, Text, Textarea } from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useLingui as useI18n } from '@lingui/react';
import { Trans, useLingui } from '@lingui/react/macro';
import { FENCE_SHAPE } from '../../../shared/geo/fence';
import fenceResource from '../../../entities/fence/resource';
import type { FieldDef } from '../../../shared/resources';
import type { DrawnShape, MapApi } from '../../map/types';
import { request } from '../../lib/request';
import { useFormErrors } from '../../lib/useFormErrors';
import { FieldInput } from '../resources/FieldInput';
import { invalidateResource, refOptionsQuery } from '../resources/resources.queries';
import { FenceDeviceSelect } from './FenceDeviceSelect';
import { FenceGeometry } from './FenceGeometry';
import { useFenceFocus } from './useFenceFocus';
import { bodyOf, serviceErrorField, validateFence, withShape, type FenceErrors } from './fenceForm';
import { type FenceFormValues } from './fenceValues';
import { ModalFooter } from '../../components/ModalFooter';

const field = (name: string): FieldDef => fenceResource.fields.find((f) => f.name === name)!;
type Editable = 'name' | 'type' | 'shape' | 'status' | 'radius' | 'dwell';

interface FenceEditorProps {
  /** Absent: a new fence. */
  id?: number;
  initial: FenceFormValues;
  api: MapApi | null;
  onSaved: (id: number) => void;
  onCancel: () => void;
}

/**
 * The fence form (docs/requirements/entities.md#geofence): fields, assignments and the geometry drawn on the map
 * beside it.
 */
export function FenceEditor({ id, initial, api, onSaved, onCancel }: FenceEditorProps) {
  const { t } = useLingui();
  const { i18n } = useI18n();
  const queryClient = useQueryClient();
  const [values, setValues] = useState<FenceFormValues>(initial);
  const errors = useFormErrors<keyof FenceErrors>();
  const [formError, setFormError] = useState<string | null>(null);
  const groups = useQuery(refOptionsQuery({ kind: 'device', resource: 'deviceGroup' }));
  useFenceFocus(api, values);

  const change = (patch: Partial<FenceFormValues>, cleared: (keyof FenceErrors)[]) => {
    setValues((prev) => ({ ...prev, ...patch }));
    errors.clear(...cleared);
  };

  const save = useMutation({
    mutationFn: (body: Record<string, unknown>) =>
      request<{ id: number }>('device', id !== undefined ? 'fence/update' : 'fence/add', body, {
        showMessage: true,
        quiet: true,
      }),
    onSuccess: async (answer) => {
      await invalidateResource(queryClient, 'fence');
      onSaved(answer?.id ?? id ?? 0);
    },
    onError: (error) => {
      const text = errors.fromError(error, serviceErrorField);
      if (text !== null) setFormError(text);
    },
  });

  const submit = () => {
    setFormError(null);
    if (!errors.show(validateFence(values, id))) save.mutate(bodyOf(values, id));
  };

  const input = (name: Editable, extra: Partial<FieldDef> = {}) => (
    <FieldInput
      field={{ ...field(name), ...extra }}
      value={values[name]}
      error={errors.text(name)}
      refOptions={[]}
      onChange={(v) => change({ [name]: name === 'name' ? String(v ?? '') : v } as Partial<FenceFormValues>, [name])}
    />
  );

  return (
    <form
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        submit();
      }}
      data-testid="fence-form"
    >
      <Stack gap="sm">
        {input('name')}
        <Group grow gap="xs">
          {input('type')}
          {input('shape')}
        </Group>
        {input('status')}
        {values.shape === FENCE_SHAPE.circle && input('radius', { required: true })}
        <Stack gap={2}>
          {input('dwell')}
          <Text size="xs" c="dimmed" data-testid="fence-dwell-hint">
            <Trans>设备越界并停留这么久才报警，防止沿边线走动反复报警；留空用服务默认值，0 为立即报警</Trans>
          </Text>
        </Stack>
        <FenceGeometry
          api={api}
          values={values}
          error={errors.errors.geometry}
          onShape={(s: DrawnShape) => {
            setValues((prev) => withShape(prev, s));
            errors.clear('geometry', 'radius');
          }}
          onCenter={(longitude, latitude) => change({ longitude, latitude }, ['geometry'])}
        />
        <Textarea
          label={i18n._(field('description').label)}
          minRows={2}
          maxLength={500}
          value={values.description}
          error={errors.text('description')}
          onChange={(e) => change({ description: e.currentTarget.value }, ['description'])}
          data-field="description"
        />
        <FenceDeviceSelect
          value={values.imeis}
          onChange={(imeis) => change({ imeis }, ['imeis'])}
          error={errors.text('imeis')}
        />
        <MultiSelect
          label={t`关联分组`}
          data={(groups.data ?? []).map((g) => ({ value: String(g.id), label: String(g.name ?? g.id) }))}
          value={values.groupIds.map(String)}
          onChange={(v) => change({ groupIds: v.map(Number) }, ['groupIds'])}
          searchable
          clearable
          error={errors.text('groupIds')}
          data-testid="fence-groups"
        />
        {formError && (
          <Alert color="red" data-testid="form-service-error">
            {formError}
          </Alert>
        )}
        <ModalFooter onCancel={onCancel} type="submit" loading={save.isPending} data-testid="fence-save">
          <Trans>保存</Trans>
        </ModalFooter>
      </Stack>
    </form>
  );
}
