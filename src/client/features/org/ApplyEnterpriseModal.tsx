import { useState } from 'react';
import { Modal, Stack, Text, TextInput, Textarea } from '@mantine/core';
import { Trans, useLingui } from '@lingui/react/macro';
import { fieldErrors } from '../../lib/formErrors';
import { useFormErrors } from '../../lib/useFormErrors';
import { useSession } from '../../lib/session';
import { useOrgAction } from './org.api';
import { applyEnterpriseSchema } from './schemas';
import { ModalFooter } from '../../components/ModalFooter';

type Values = { contact: string; phone: string; note: string };
const EMPTY: Values = { contact: '', phone: '', note: '' };

/** "Upgrade enterprise" from the user menu: an application the super administrators review. */
export function ApplyEnterpriseModal({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const { t } = useLingui();
  const { user } = useSession();
  const tenant = user?.tenantName ?? '';
  const [values, setValues] = useState<Values>(() => ({
    ...EMPTY,
    contact: user?.name ?? '',
    phone: user?.phone ?? '',
  }));
  const errors = useFormErrors<keyof Values>();
  const close = () => {
    errors.reset();
    onClose();
  };
  const apply = useOrgAction<Values>('tenant/applyEnterprise', ['tenantApplication'], () => {
    setValues(EMPTY);
    close();
  });
  const submit = () => {
    if (!errors.show(fieldErrors<keyof Values>(applyEnterpriseSchema, values)))
      apply.mutate(applyEnterpriseSchema.parse(values));
  };
  const field = (name: keyof Values) => ({
    value: values[name],
    error: errors.text(name),
    onChange: (e: { currentTarget: { value: string } }) => setValues({ ...values, [name]: e.currentTarget.value }),
  });
  return (
    <Modal opened={opened} onClose={close} title={t`升级企业版`} centered>
      <form
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          submit();
        }}
      >
        <Stack gap="sm">
          <Text size="sm">
            <Trans>企业版提供更多设备接入数量、多级部门与角色管理、专属数据看板和优先技术支持。</Trans>
          </Text>
          <Text size="sm">
            <Trans>当前企业：{tenant}</Trans>
          </Text>
          <TextInput label={t`联系人`} withAsterisk {...field('contact')} />
          <TextInput label={t`联系电话`} withAsterisk type="tel" {...field('phone')} />
          <Textarea label={t`备注`} autosize minRows={2} {...field('note')} />
          <ModalFooter onCancel={close} type="submit" loading={apply.isPending} data-testid="apply-enterprise">
            <Trans>提交申请</Trans>
          </ModalFooter>
        </Stack>
      </form>
    </Modal>
  );
}
