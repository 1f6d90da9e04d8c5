import { useState } from 'react';
import { Alert, Drawer, Stack } from '@mantine/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Trans, useLingui } from '@lingui/react/macro';
import type { ResourceDef } from '../../../shared/resources';
import { formSchema, isEditable, type FormMode } from '../../../shared/resources/schema';
import { fieldErrors } from '../../lib/formErrors';
import { RequestError, request } from '../../lib/request';
import { useFormErrors } from '../../lib/useFormErrors';
import { FieldInput } from './FieldInput';
import { useRefData } from './display';
import { invalidateResource, type Row } from './resources.queries';
import { ModalFooter } from '../../components/ModalFooter';

export interface ResourceFormProps {
  def: ResourceDef;
  /** The row being edited; absent = add. */
  row?: Row | null;
  /** Preset values of a new row (e.g. the parent of a child node). */
  initial?: Record<string, unknown>;
  opened: boolean;
  onClose: () => void;
}

function initialValues(
  def: ResourceDef,
  mode: FormMode,
  row: Record<string, unknown> | null | undefined,
): Record<string, unknown> {
  const values: Record<string, unknown> = {};
  for (const field of def.fields) {
    if (!isEditable(field, mode)) continue;
    values[field.name] = row?.[field.name] ?? (field.type === 'refs' ? [] : field.type === 'boolean' ? false : null);
  }
  return values;
}

/** The generic add/edit drawer: fields editable in the mode, checked with the shared formSchema before sending. */
export function ResourceForm({ def, row, initial, opened, onClose }: ResourceFormProps) {
  const mode: FormMode = row ? 'update' : 'add';
  return (
    <Drawer
      opened={opened}
      onClose={onClose}
      position="right"
      size="md"
      title={mode === 'add' ? <Trans>新增</Trans> : <Trans>修改</Trans>}
      data-testid="resource-form"
    >
      {opened && <FormBody key={row?.id ?? 'new'} def={def} row={row ?? initial} mode={mode} onDone={onClose} />}
    </Drawer>
  );
}

function FormBody({
  def,
  row,
  mode,
  onDone,
}: {
  def: ResourceDef;
  row?: Record<string, unknown> | null;
  mode: FormMode;
  onDone: () => void;
}) {
  const { t } = useLingui();
  const queryClient = useQueryClient();
  const fields = def.fields.filter((f) => isEditable(f, mode));
  const { options } = useRefData(fields);
  const [values, setValues] = useState(() => initialValues(def, mode, row));
  const errors = useFormErrors<string>();
  const [serviceError, setServiceError] = useState<string | null>(null);

  const save = useMutation({
    mutationFn: (body: Record<string, unknown>) =>
      request(def.kind, `${def.name}/${mode}`, body, {
        showMessage: true,
        quiet: true,
      }),
    onSuccess: async () => {
      await invalidateResource(queryClient, def.name);
      onDone();
    },
    onError: (error) => setServiceError(error instanceof RequestError ? error.message : String(error)),
  });

  const submit = () => {
    setServiceError(null);
    const body = mode === 'update' ? { ...values, id: row?.id } : values;
    const schema = formSchema(def, mode);
    if (errors.show(fieldErrors<string>(schema, body))) return;
    save.mutate(schema.parse(body) as Record<string, unknown>);
  };

  return (
    <form
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        submit();
      }}
    >
      <Stack gap="sm">
        {fields.map((field) => (
          <FieldInput
            key={field.name}
            field={field}
            value={values[field.name]}
            error={errors.text(field.name)}
            refOptions={options(field)}
            onChange={(value) => {
              setValues((prev) => ({ ...prev, [field.name]: value }));
              errors.clear(field.name);
            }}
          />
        ))}
        {serviceError && (
          <Alert color="red" data-testid="form-service-error">
            {serviceError}
          </Alert>
        )}
        <ModalFooter
          onCancel={onDone}
          mt="md"
          type="submit"
          loading={save.isPending}
          data-testid="form-submit"
          aria-label={t`保存`}
        >
          <Trans>保存</Trans>
        </ModalFooter>
      </Stack>
    </form>
  );
}
