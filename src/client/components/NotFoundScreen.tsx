import { Button } from '@mantine/core';
import { IconError404 } from '@tabler/icons-react';
import { Link } from '@tanstack/react-router';
import { Trans } from '@lingui/react/macro';
import { StatusScreen } from './StatusScreen';

export function NotFoundScreen() {
  return (
    <StatusScreen
      testId="not-found"
      icon={<IconError404 size={28} />}
      title={<Trans>页面不存在</Trans>}
      description={<Trans>您访问的地址不存在或已被移除。</Trans>}
      actions={
        <Button component={Link} to="/" variant="light">
          <Trans>返回首页</Trans>
        </Button>
      }
    />
  );
}
