import { MultiSelect, NumberInput, PasswordInput, Select, Switch, TextInput, Textarea } from '@mantine/core';
import { DateInput, DateTimePicker } from '@mantine/dates';
import { useLingui } from '@lingui/react';
import type { FieldDef } from '../../../shared/resources';
import type { RefOption } from './display';
import { useCodeLabel } from './display';
import { ImageInput } from './ImageInput';
import { wallInstant } from '../../lib/zone';
import { formatDateCell } from '../../lib/dates';

interface FieldInputProps {
  field: FieldDef;
  value: unknown;
  onChange: (value: unknown) => void;
  error?: string;
  refOptions: RefOption[];
}

const str = (v: unknown) => (v === null || v === undefined ? '' : String(v));

/** One control of the generic form, chosen by the field's type. */
export function FieldInput({ field, value, onChange, error, refOptions }: FieldInputProps) {
  const { i18n } = useLingui();
  const codeLabel = useCodeLabel();
  const common = {
    label: i18n._(field.label),
    error,
    withAsterisk: Boolean(field.required),
    'data-field': field.name,
  };
  switch (field.type) {
    case 'textarea':
      return (
        <Textarea
          {...common}
          autosize
          minRows={2}
          value={str(value)}
          onChange={(e) => onChange(e.currentTarget.value)}
        />
      );
    case 'password':
      return (
        <PasswordInput
          {...common}
          autoComplete="new-password"
          value={str(value)}
          onChange={(e) => onChange(e.currentTarget.value)}
        />
      );
    case 'integer':
    case 'decimal':
      return (
        <NumberInput
          {...common}
          allowDecimal={field.type === 'decimal'}
          decimalScale={field.type === 'decimal' ? 2 : 0}
          min={field.min}
          max={field.max}
          value={typeof value === 'number' ? value : ''}
          onChange={(v) => onChange(typeof v === 'number' ? v : v === '' ? null : Number(v))}
        />
      );
    case 'code': {
      const data = (field.codes ?? []).map((c) => ({
        value: String(c.value),
        label: codeLabel(field.codes, c.value),
      }));
      const numeric = typeof field.codes?.[0]?.value === 'number';
      if (field.multiple)
        return (
          <MultiSelect
            {...common}
            data={data}
            value={(Array.isArray(value) ? value : []).map(String)}
            onChange={(v) => onChange(numeric ? v.map(Number) : v)}
          />
        );
      return (
        <Select
          {...common}
          data={data}
          clearable={!field.required}
          value={value === null || value === undefined ? null : String(value)}
          onChange={(v) => onChange(v === null ? null : numeric ? Number(v) : v)}
        />
      );
    }
    case 'ref':
      return (
        <Select
          {...common}
          data={refOptions}
          searchable
          clearable={!field.required}
          value={value === null || value === undefined ? null : String(value)}
          onChange={(v) => onChange(v === null ? null : Number(v))}
        />
      );
    case 'refs':
      return (
        <MultiSelect
          {...common}
          data={refOptions}
          searchable
          value={(Array.isArray(value) ? value : []).map(String)}
          onChange={(v) => onChange(v.map(Number))}
        />
      );
    case 'boolean':
      return (
        <Switch
          label={common.label}
          error={error}
          checked={Boolean(value)}
          onChange={(e) => onChange(e.currentTarget.checked)}
        />
      );
    case 'date':
      return (
        <DateInput
          {...common}
          valueFormat="YYYY-MM-DD"
          clearable
          value={str(value) || null}
          onChange={(v) => onChange(v ?? null)}
        />
      );
    case 'datetime':
      // The picker shows and takes the tenant's wall time; the form keeps the instant.
      return (
        <DateTimePicker
          {...common}
          valueFormat="YYYY-MM-DD HH:mm:ss"
          withSeconds
          clearable
          value={formatDateCell(value) || null}
          onChange={(v) => onChange(v ? wallInstant(v) : null)}
        />
      );
    case 'image':
      return (
        <ImageInput
          label={common.label}
          error={error}
          withAsterisk={common.withAsterisk}
          value={str(value)}
          onChange={onChange}
          endpoint={field.upload}
        />
      );
    default:
      return (
        <TextInput
          {...common}
          type={field.type === 'email' ? 'email' : field.type === 'phone' ? 'tel' : 'text'}
          value={str(value)}
          onChange={(e) => onChange(e.currentTarget.value)}
        />
      );
  }
}
