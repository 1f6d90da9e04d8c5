import { ActionIcon, Button, Group, Stack, Text, TextInput } from '@mantine/core';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import { Trans, useLingui } from '@lingui/react/macro';
import type { DeviceSettings } from '../../../shared/devices/settings';
import { errorText } from '../../lib/formErrors';
import type { SettingsErrors } from './settingsForm';

type Contact = DeviceSettings['contacts'][number];
const MAX_CONTACTS = 10;

/** Emergency contacts: add/remove rows of name, phone and relation. */
export function SettingsContacts({
  contacts,
  errors,
  onChange,
}: {
  contacts: Contact[];
  errors: SettingsErrors;
  onChange: (next: Contact[]) => void;
}) {
  const { t } = useLingui();
  const set = (i: number, patch: Partial<Contact>) =>
    onChange(contacts.map((c, j) => (j === i ? { ...c, ...patch } : c)));
  return (
    <Stack gap="xs" data-testid="settings-contacts">
      <Text size="sm" fw={500}>
        <Trans>紧急联系人</Trans>
      </Text>
      {contacts.map((c, i) => (
        <Group key={i} align="flex-start" gap="xs" wrap="nowrap" data-testid="contact-row">
          <TextInput
            size="xs"
            placeholder={t`姓名`}
            aria-label={t`姓名`}
            value={c.name}
            error={errorText(errors[`contacts.${i}.name`])}
            onChange={(e) => set(i, { name: e.currentTarget.value })}
          />
          <TextInput
            size="xs"
            placeholder={t`电话`}
            aria-label={t`电话`}
            value={c.phone}
            error={errorText(errors[`contacts.${i}.phone`])}
            onChange={(e) => set(i, { phone: e.currentTarget.value })}
          />
          <TextInput
            size="xs"
            placeholder={t`关系`}
            aria-label={t`关系`}
            value={c.relation}
            error={errorText(errors[`contacts.${i}.relation`])}
            onChange={(e) => set(i, { relation: e.currentTarget.value })}
          />
          <ActionIcon
            variant="subtle"
            color="red"
            aria-label={t`删除联系人`}
            onClick={() => onChange(contacts.filter((_, j) => j !== i))}
            data-testid="contact-remove"
          >
            <IconTrash size={16} />
          </ActionIcon>
        </Group>
      ))}
      <Group>
        <Button
          size="xs"
          variant="light"
          leftSection={<IconPlus size={14} />}
          disabled={contacts.length >= MAX_CONTACTS}
          onClick={() => onChange([...contacts, { name: '', phone: '', relation: '' }])}
          data-testid="contact-add"
        >
          <Trans>添加联系人</Trans>
        </Button>
      </Group>
    </Stack>
  );
}
