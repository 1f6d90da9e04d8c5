import { Button } from '@mantine/core';
import { IconLock } from '@tabler/icons-react';
import { Link } from '@tanstack/react-router';
import { Trans } from '@lingui/react/macro';
import { StatusScreen } from './StatusScreen';

/**
 * docs/requirements/roles-and-permissions.md#no-viewing-permission: the screen exists but is outside the user's menu.
 */
export function NoPermission() {
  return (
    <StatusScreen
      testId="no-permission"
      icon={<IconLock size={28} />}
      title={<Trans>暂无查看权限</Trans>}
      description={<Trans>您的角色未分配此页面，如需访问请联系管理员。</Trans>}
      actions={
        <Button component={Link} to="/" variant="light">
          <Trans>返回首页</Trans>
        </Button>
      }
    />
  );
}
