import { NumberInput } from '@mantine/core';
import { useLingui } from '@lingui/react/macro';
import { commandParams } from '../../../shared/devices/protocol';

/** Whether `seconds` is a report interval the setInterval command accepts (10 to 86400, whole). */
export const intervalValid = (seconds: number | string): boolean =>
  commandParams.setInterval.safeParse({ seconds }).success;

/** The report interval of the setInterval command, with the protocol's bounds and what is wrong. */
export function IntervalInput({
  value,
  onChange,
  w,
  'data-testid': testId,
}: {
  value: number | string;
  onChange: (v: number | string) => void;
  w?: number;
  'data-testid': string;
}) {
  const { t } = useLingui();
  return (
    <NumberInput
      size="xs"
      w={w}
      label={t`上报间隔（秒）`}
      min={10}
      max={86_400}
      allowDecimal={false}
      value={value}
      onChange={onChange}
      error={intervalValid(value) ? undefined : t`请输入10到86400之间的整数`}
      data-testid={testId}
    />
  );
}
