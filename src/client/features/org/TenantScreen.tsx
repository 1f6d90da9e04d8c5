import { useState } from 'react';
import { Tabs } from '@mantine/core';
import { Trans } from '@lingui/react/macro';
import tenantResource from '../../../entities/tenant/resource';
import { ResourceScreen } from '../resources/ResourceScreen';
import { EnterpriseApplications } from './EnterpriseApplications';
import { isSuperAdmin } from './org.api';
import type { RouteScreenProps } from '../screens/types';

/** Tenant list; super administrators also review enterprise applications. */
export function TenantScreen(props: RouteScreenProps) {
  const [tab, setTab] = useState<string | null>('tenants');
  if (!isSuperAdmin()) return <ResourceScreen def={tenantResource} {...props} />;
  return (
    <Tabs value={tab} onChange={setTab} keepMounted={false}>
      <Tabs.List mb="sm">
        <Tabs.Tab value="tenants">
          <Trans>租户列表</Trans>
        </Tabs.Tab>
        <Tabs.Tab value="applications" data-testid="tab-applications">
          <Trans>企业版申请</Trans>
        </Tabs.Tab>
      </Tabs.List>
      <Tabs.Panel value="tenants">
        <ResourceScreen def={tenantResource} {...props} />
      </Tabs.Panel>
      <Tabs.Panel value="applications">
        <EnterpriseApplications />
      </Tabs.Panel>
    </Tabs>
  );
}
