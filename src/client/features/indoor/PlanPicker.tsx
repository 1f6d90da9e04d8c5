import { Select } from '@mantine/core';
import { useLingui } from '@lingui/react/macro';
import type { Plan } from './indoor.queries';

/** The floor to show: UWB drawings first, then maps and other drawings. */
export function PlanPicker({
  plans,
  value,
  onChange,
}: {
  plans: Plan[];
  value: string | undefined;
  onChange: (key: string) => void;
}) {
  const { t } = useLingui();
  return (
    <Select
      aria-label={t`选择图纸`}
      placeholder={t`选择图纸`}
      data={plans.map((p) => ({ value: p.key, label: p.uwb ? `UWB · ${p.title}` : p.title }))}
      value={value ?? null}
      onChange={(key) => key && onChange(key)}
      allowDeselect={false}
      searchable
      w={320}
      data-testid="plan-picker"
    />
  );
}

/** The plan named by the search, else the first (a UWB drawing when there is one). */
export function pickPlan(plans: Plan[] | undefined, key: string | undefined): Plan | undefined {
  return plans?.find((p) => p.key === key) ?? plans?.[0];
}
