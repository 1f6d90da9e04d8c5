import { Badge } from '@mantine/core';
import { UWB_STATUS, UWB_STATUS_TABLE } from '../../../entities/uwb-base-station/resource';
import { useCodeLabel } from '../resources/display';

/** Marker colours by UWB status: default grey, disabled red, normal green. */
export const STATUS_COLOUR: Record<number, string> = {
  [UWB_STATUS.default]: 'var(--mantine-color-gray-6)',
  [UWB_STATUS.disabled]: 'var(--mantine-color-red-6)',
  [UWB_STATUS.normal]: 'var(--mantine-color-green-6)',
};
const BADGE: Record<number, string> = {
  [UWB_STATUS.default]: 'gray',
  [UWB_STATUS.disabled]: 'red',
  [UWB_STATUS.normal]: 'green',
};

/** docs/requirements/states-and-codes.md#default-status-variant: anything past 1 reads as normal. */
export function StationStatus({ status }: { status: number }) {
  const label = useCodeLabel();
  const value = status > 1 ? UWB_STATUS.normal : status;
  return (
    <Badge color={BADGE[value]} variant="light">
      {label(UWB_STATUS_TABLE, value)}
    </Badge>
  );
}
