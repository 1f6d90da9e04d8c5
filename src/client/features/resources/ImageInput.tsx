import { useState } from 'react';
import { Group, Image, TextInput } from '@mantine/core';
import { UploadButton } from '../../components/Upload';
import { request } from '../../lib/request';

interface ImageInputProps {
  label: string;
  error?: string;
  withAsterisk: boolean;
  value: string;
  onChange: (url: string) => void;
  /** The upload endpoint of the user service (FieldDef.upload). */
  endpoint?: 'ossUser/addOssHederImg' | 'face/uploadFaceImg';
}

/**
 * An image field of the generic form: its URL, a preview, and an upload through
 * `ossUser/addOssHederImg` (checked, stripped and counted against the quota by the service).
 */
export function ImageInput({
  label,
  error,
  withAsterisk,
  value,
  onChange,
  endpoint = 'ossUser/addOssHederImg',
}: ImageInputProps) {
  const [busy, setBusy] = useState(false);
  const upload = async (file: File) => {
    const form = new FormData();
    form.append('file', file);
    setBusy(true);
    try {
      onChange(String(await request<string>('user', endpoint, form, { upload: true, timeoutMs: 120_000 })));
    } catch {
      // The call helper already showed why.
    } finally {
      setBusy(false);
    }
  };
  return (
    <Group align="flex-end" gap="xs" wrap="nowrap">
      {value && <Image src={value} w={48} h={36} fit="contain" radius="sm" alt="" data-testid="image-preview" />}
      <TextInput
        style={{ flex: 1 }}
        label={label}
        error={error}
        withAsterisk={withAsterisk}
        value={value}
        onChange={(e) => onChange(e.currentTarget.value)}
      />
      <UploadButton kind="image" onFile={(f) => void upload(f)} loading={busy} data-testid="image-upload" />
    </Group>
  );
}
