import { useState } from 'react';
import { Avatar, Button, Group, Menu, Modal, Stack, Text, UnstyledButton } from '@mantine/core';
import { IconBell, IconBuildingStore, IconChevronDown, IconKey, IconLogout, IconRocket } from '@tabler/icons-react';
import { Trans, useLingui } from '@lingui/react/macro';
import { isAllowed, isReadOnly, useSession } from '../../lib/session';
import { ApplyEnterpriseModal } from '../org/ApplyEnterpriseModal';
import { ChangePasswordModal } from './ChangePasswordModal';
import { useLogout } from './useLogout';
import { ModalFooter } from '../../components/ModalFooter';
import { PhonePushModal } from '../push/PhonePushModal';
import { ShareLocationSwitch } from '../patrol/ShareLocationSwitch';

const MALL_ROUTE = 'shangquanshangcheng';
type Dialog = 'password' | 'push' | 'logout' | 'mall' | 'upgrade' | null;

interface UserMenuProps {
  onNavigate: (path: string) => void;
}

/**
 * Header menu of docs/requirements/screens-and-routes.md#header-menu-and-themes: change password, log out, official
 * mall, upgrade enterprise; and the phone notifications (docs/alarms.md "Push to phones").
 */
export function UserMenu({ onNavigate }: UserMenuProps) {
  const { t } = useLingui();
  const { user } = useSession();
  const logout = useLogout();
  const [dialog, setDialog] = useState<Dialog>(null);
  const [leaving, setLeaving] = useState(false);
  const name = user?.nickname || user?.name || user?.username || '';
  const tenant = user?.tenantName ?? '';
  const close = () => setDialog(null);

  const openMall = () => {
    if (isAllowed(MALL_ROUTE)) onNavigate(`/${MALL_ROUTE}`);
    else setDialog('mall');
  };

  const confirmLogout = async () => {
    setLeaving(true);
    try {
      await logout();
    } finally {
      setLeaving(false);
      close();
    }
  };

  return (
    <>
      <Menu position="bottom-end" shadow="md" width={260} withinPortal>
        <Menu.Target>
          <UnstyledButton aria-label={t`用户菜单`} data-testid="user-menu">
            <Group gap={8} wrap="nowrap">
              <Avatar size={32} radius="xl" color="initials" name={name} />
              <Stack gap={0} visibleFrom="sm" maw={160}>
                <Text size="sm" fw={600} truncate>
                  {name}
                </Text>
                <Text size="xs" c="dimmed" truncate>
                  {tenant}
                </Text>
              </Stack>
              <IconChevronDown size={14} />
            </Group>
          </UnstyledButton>
        </Menu.Target>
        <Menu.Dropdown>
          <ShareLocationSwitch />
          {!isReadOnly() && <Menu.Divider />}
          <Menu.Item leftSection={<IconKey size={16} />} onClick={() => setDialog('password')}>
            <Trans>修改密码</Trans>
          </Menu.Item>
          <Menu.Item
            leftSection={<IconBell size={16} />}
            onClick={() => setDialog('push')}
            data-testid="menu-phone-push"
          >
            <Trans>手机通知</Trans>
          </Menu.Item>
          <Menu.Item leftSection={<IconBuildingStore size={16} />} onClick={openMall}>
            <Trans>官方商城</Trans>
          </Menu.Item>
          <Menu.Item leftSection={<IconRocket size={16} />} onClick={() => setDialog('upgrade')}>
            <Trans>升级企业版</Trans>
          </Menu.Item>
          <Menu.Divider />
          <Menu.Item color="red" leftSection={<IconLogout size={16} />} onClick={() => setDialog('logout')}>
            <Trans>退出登录</Trans>
          </Menu.Item>
        </Menu.Dropdown>
      </Menu>

      <ChangePasswordModal opened={dialog === 'password'} onClose={close} onChanged={logout} />
      <PhonePushModal opened={dialog === 'push'} onClose={close} />

      <Modal opened={dialog === 'logout'} onClose={close} title={t`退出登录`} centered size="sm">
        <Text size="sm">
          <Trans>确定要退出登录吗？</Trans>
        </Text>
        <ModalFooter
          onCancel={close}
          mt="lg"
          color="red"
          loading={leaving}
          onClick={() => void confirmLogout()}
          data-testid="confirm-logout"
        >
          <Trans>退出</Trans>
        </ModalFooter>
      </Modal>

      <Modal opened={dialog === 'mall'} onClose={close} title={t`官方商城`} centered size="sm">
        <Text size="sm">
          <Trans>您的账号尚未开通商城功能，请联系销售人员开通。</Trans>
        </Text>
        <Group justify="flex-end" mt="lg">
          <Button onClick={close}>
            <Trans>知道了</Trans>
          </Button>
        </Group>
      </Modal>

      <ApplyEnterpriseModal opened={dialog === 'upgrade'} onClose={close} />
    </>
  );
}
