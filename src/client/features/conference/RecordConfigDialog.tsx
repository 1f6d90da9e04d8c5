import { useState } from 'react';
import { Modal, Select, Stack, Switch, TextInput } from '@mantine/core';
import { Trans, useLingui } from '@lingui/react/macro';
import { toast } from '../../lib/request';
import {
  DEFAULT_RECORD_CONFIG,
  loadRecordConfig,
  recordConfigProblem,
  saveRecordConfig,
  type RecordConfig,
} from './recordConfig';
import { ModalFooter } from '../../components/ModalFooter';

/** 录制设置: video or sound only, storage type, bucket and file name prefix; every field required. */
export function RecordConfigDialog({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const { t } = useLingui();
  const [config, setConfig] = useState<RecordConfig>(() => loadRecordConfig() ?? DEFAULT_RECORD_CONFIG);
  const [tried, setTried] = useState(false);
  const problem = recordConfigProblem(config);
  const set = (patch: Partial<RecordConfig>) => setConfig((c) => ({ ...c, ...patch }));
  const save = () => {
    setTried(true);
    if (problem)
      return toast(
        'error',
        problem === 'required' ? t`必填的数据为空` : t`存储桶和文件名前缀只能包含字母、数字、下划线和短横线`,
      );
    saveRecordConfig(config);
    toast('success', t`录制设置已保存`);
    onClose();
  };
  const empty = (v: string) => (tried && !v.trim() ? t`必填的数据为空` : undefined);
  return (
    <Modal opened={opened} onClose={onClose} title={t`录制设置`} centered data-testid="conf-record-config">
      <Stack>
        <Switch
          label={t`录制视频（关闭则只录声音）`}
          checked={config.video}
          onChange={(e) => set({ video: e.currentTarget.checked })}
        />
        <Select
          label={t`存储类型`}
          withAsterisk
          allowDeselect={false}
          data={[
            { value: '1', label: t`对象存储（S3 兼容）` },
            { value: '2', label: t`本地存储` },
          ]}
          value={String(config.protocol)}
          onChange={(v) => set({ protocol: v === '1' ? 1 : 2 })}
        />
        <TextInput
          label={t`存储桶`}
          withAsterisk
          value={config.bucket}
          onChange={(e) => set({ bucket: e.currentTarget.value })}
          error={empty(config.bucket)}
          data-testid="conf-record-bucket"
        />
        <TextInput
          label={t`文件名前缀`}
          withAsterisk
          value={config.prefix}
          onChange={(e) => set({ prefix: e.currentTarget.value })}
          error={empty(config.prefix)}
          data-testid="conf-record-prefix"
        />
        <ModalFooter onCancel={onClose} onClick={save} data-testid="conf-record-config-save">
          <Trans>保存</Trans>
        </ModalFooter>
      </Stack>
    </Modal>
  );
}
