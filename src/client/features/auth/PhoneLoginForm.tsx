import { Button, Stack, TextInput } from '@mantine/core';
import { IconDeviceMobile, IconMessage2 } from '@tabler/icons-react';
import { Trans, useLingui } from '@lingui/react/macro';
import { smsLoginBody, smsSendBody } from '../../../shared/auth';
import { SMS_CODE_LENGTH } from '../../../shared/constants';
import { fieldErrors } from '../../lib/formErrors';
import { loginWithSms, sendSmsCode } from './auth.api';
import type { LoginFormProps } from './AccountLoginForm';
import { SmsCodeButton } from './SmsCodeButton';
import { useLoginForm } from './useLoginForm';

type Field = 'phone' | 'code';

/** Phone and SMS code login (docs/requirements/validation.md#login: phone rule, neither may be empty). */
export function PhoneLoginForm({ onLoggedIn }: LoginFormProps) {
  const { t } = useLingui();
  const { values, errors, busy, change, submit } = useLoginForm<Field>(
    { phone: '', code: '' },
    smsLoginBody,
    (v) => loginWithSms(v.phone.trim(), v.code.trim()),
    onLoggedIn,
  );

  const send = async (): Promise<boolean> => {
    const found = fieldErrors<'phone'>(smsSendBody, { phone: values.phone });
    errors.setField('phone', found.phone);
    if (found.phone) return false;
    try {
      await sendSmsCode(values.phone.trim());
      return true;
    } catch {
      return false;
    }
  };

  return (
    <form onSubmit={submit} noValidate data-testid="phone-login">
      <Stack gap="md">
        <TextInput
          label={t`手机号`}
          placeholder={t`请输入手机号`}
          type="tel"
          inputMode="numeric"
          autoComplete="tel"
          maxLength={11}
          leftSection={<IconDeviceMobile size={16} />}
          value={values.phone}
          onChange={(e) => change('phone', e.currentTarget.value.replace(/\D/g, ''))}
          error={errors.text('phone')}
          withAsterisk
        />
        <TextInput
          label={t`验证码`}
          placeholder={t`请输入验证码`}
          inputMode="numeric"
          autoComplete="one-time-code"
          maxLength={SMS_CODE_LENGTH}
          leftSection={<IconMessage2 size={16} />}
          rightSection={<SmsCodeButton onSend={send} />}
          rightSectionWidth={116}
          value={values.code}
          onChange={(e) => change('code', e.currentTarget.value.trim())}
          error={errors.text('code')}
          withAsterisk
        />
        <Button type="submit" fullWidth size="md" loading={busy}>
          <Trans>登录</Trans>
        </Button>
      </Stack>
    </form>
  );
}
