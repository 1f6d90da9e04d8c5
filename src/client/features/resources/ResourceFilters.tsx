import '@mantine/dates/styles.css';
import { useEffect, useState } from 'react';
import { Button, Group, MultiSelect, Select, TextInput } from '@mantine/core';
import { DatePickerInput } from '@mantine/dates';
import { useDebouncedValue } from '@mantine/hooks';
import { IconSearch } from '@tabler/icons-react';
import { useLingui } from '@lingui/react';
import { Trans, useLingui as useMacro } from '@lingui/react/macro';
import type { FieldDef } from '../../../shared/resources';
import { dayEnd, dayStart } from '../../lib/zone';
import { useCodeLabel, type RefOption } from './display';
import { formatDateCell } from '../../lib/dates';

const KEYWORD_DEBOUNCE_MS = 300;

interface ResourceFiltersProps {
  fields: readonly FieldDef[];
  keyword: string;
  filters: Record<string, unknown>;
  onKeywordChange: (keyword: string) => void;
  onFiltersChange: (filters: Record<string, unknown>) => void;
  onReset: () => void;
  refOptions: (field: FieldDef) => RefOption[];
  withKeyword: boolean;
}

/**
 * A picked day range as the filter sends it: a datetime field asks from the tenant's midnight of
 * the first day to the end of the last (instants, so the browser's zone plays no part); a date
 * field (a calendar day) and a text day ask for the days themselves.
 */
export function rangeFilter(field: FieldDef, from: string | null, to: string | null): (string | null)[] | undefined {
  if (!from && !to) return undefined;
  if (field.type === 'datetime') return [from ? dayStart(from) : null, to ? dayEnd(to) : null];
  return [from || null, to || null];
}

/** The day a range filter's bound shows in the picker (an instant on the tenant's clock). */
const pickedDay = (v: string | null | undefined) => (v ? formatDateCell(v, 'YYYY-MM-DD') : null);

const toValue = (field: FieldDef, v: string) =>
  field.type === 'boolean'
    ? v === 'true'
    : field.type === 'ref' || typeof field.codes?.[0]?.value === 'number'
      ? Number(v)
      : v;

/** Toolbar filters generated from the fields' filter modes, plus the debounced keyword box. */
export function ResourceFilters(props: ResourceFiltersProps) {
  const { fields, filters, onFiltersChange, onKeywordChange, refOptions } = props;
  const { i18n } = useLingui();
  const { t } = useMacro();
  const codeLabel = useCodeLabel();
  const [keyword, setKeyword] = useState(props.keyword);
  const [debounced] = useDebouncedValue(keyword, KEYWORD_DEBOUNCE_MS);
  useEffect(() => setKeyword(props.keyword), [props.keyword]);
  useEffect(() => {
    if (debounced !== props.keyword) onKeywordChange(debounced);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- only a settled keyword is sent
  }, [debounced]);

  const set = (name: string, value: unknown) => onFiltersChange({ ...filters, [name]: value });
  const options = (field: FieldDef) =>
    field.type === 'boolean'
      ? [
          { value: 'true', label: t`是` },
          { value: 'false', label: t`否` },
        ]
      : field.type === 'code'
        ? (field.codes ?? []).map((c) => ({
            value: String(c.value),
            label: codeLabel(field.codes, c.value),
          }))
        : refOptions(field);

  return (
    <Group gap="xs" align="flex-end" wrap="wrap" data-testid="resource-filters">
      {props.withKeyword && (
        <TextInput
          aria-label={t`关键字`}
          placeholder={t`搜索关键字`}
          leftSection={<IconSearch size={14} />}
          w={200}
          value={keyword}
          onChange={(e) => setKeyword(e.currentTarget.value)}
        />
      )}
      {fields.map((field) => {
        const label = i18n._(field.label);
        const value = filters[field.name];
        switch (field.filter) {
          case 'like':
            return (
              <TextInput
                key={field.name}
                aria-label={label}
                placeholder={label}
                w={160}
                value={typeof value === 'string' ? value : ''}
                onChange={(e) => set(field.name, e.currentTarget.value)}
              />
            );
          case 'eq':
            return (
              <Select
                key={field.name}
                aria-label={label}
                placeholder={label}
                w={160}
                clearable
                searchable
                data={options(field)}
                value={value === undefined || value === null ? null : String(value)}
                onChange={(v) => set(field.name, v === null ? undefined : toValue(field, v))}
              />
            );
          case 'in':
            return (
              <MultiSelect
                key={field.name}
                aria-label={label}
                placeholder={label}
                w={220}
                clearable
                data={options(field)}
                value={(Array.isArray(value) ? value : []).map(String)}
                onChange={(v) =>
                  set(
                    field.name,
                    v.map((x) => toValue(field, x)),
                  )
                }
              />
            );
          case 'range': {
            const range = Array.isArray(value) ? (value as (string | null)[]) : [null, null];
            return (
              <DatePickerInput
                key={field.name}
                type="range"
                aria-label={label}
                placeholder={label}
                w={240}
                clearable
                valueFormat="YYYY-MM-DD"
                value={[pickedDay(range[0]), pickedDay(range[1])]}
                onChange={(v) => set(field.name, rangeFilter(field, v[0], v[1]))}
              />
            );
          }
          default:
            return null;
        }
      })}
      <Button
        variant="default"
        onClick={() => {
          setKeyword('');
          props.onReset();
        }}
      >
        <Trans>重置</Trans>
      </Button>
    </Group>
  );
}
