import { Button } from '@mantine/core';
import { Link } from '@tanstack/react-router';
import { IconMapPin } from '@tabler/icons-react';
import { Trans } from '@lingui/react/macro';
import uwbBaseStationResource from '../../../entities/uwb-base-station/resource';
import { ResourceScreen } from '../resources/ResourceScreen';
import type { Row } from '../resources/resources.queries';
import type { ResourceSearch } from '../resources/search';
import { StationStatus } from './StationStatus';

const cells = { status: (row: Row) => <StationStatus status={row.status as number} /> };

/** /baseList: the UWB base stations as a list; placing them on the drawing is /baseStationEdit. */
export function BaseListScreen({
  search,
  onSearchChange,
}: {
  search: ResourceSearch;
  onSearchChange: (next: ResourceSearch) => void;
}) {
  return (
    <ResourceScreen
      def={uwbBaseStationResource}
      search={search}
      onSearchChange={onSearchChange}
      cells={cells}
      toolbar={() => (
        <Button component={Link} to="/baseStationEdit" variant="default" leftSection={<IconMapPin size={16} />}>
          <Trans>在图纸上编辑</Trans>
        </Button>
      )}
    />
  );
}
