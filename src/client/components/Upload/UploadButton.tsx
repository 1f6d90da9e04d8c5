import { useRef, type ReactNode } from 'react';
import { Button, FileButton, type ButtonProps } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconUpload } from '@tabler/icons-react';
import { Trans, useLingui } from '@lingui/react/macro';
import { TOAST_MS } from '../../../shared/constants';
import { serverMessage } from '../../i18n/serverMessages';
import { acceptAttribute, checkUpload, type UploadKind } from './checkUpload';

interface UploadButtonProps extends Omit<ButtonProps, 'children'> {
  kind: UploadKind;
  /** Called only with a file that passed `checkUpload`. */
  onFile: (file: File) => void;
  children?: ReactNode;
}

/** A picker that refuses a wrong format or an oversized file with a toast before `onFile`. */
export function UploadButton({ kind, onFile, children, ...buttonProps }: UploadButtonProps) {
  const { t } = useLingui();
  const resetRef = useRef<() => void>(null);

  const pick = (file: File | null) => {
    if (!file) return;
    // Clearing the input lets the user pick the same file again after fixing it.
    resetRef.current?.();
    const problem = checkUpload(file, kind);
    if (!problem) {
      onFile(file);
      return;
    }
    // The image message of docs/requirements/validation.md#uploads says 500 KB although the check allows 600 KB (see
    // checkUpload).
    const limits: Record<UploadKind, string> = {
      image: t`图片大小不能超过500KB`,
      file: t`文件大小不能超过5MB`,
      video: t`视频大小不能超过20MB`,
      audio: t`音频大小不能超过10MB`,
    };
    const message = problem === 'fileTooLarge' ? limits[kind] : serverMessage(problem, problem);
    notifications.show({ color: 'red', message, autoClose: TOAST_MS });
  };

  return (
    <FileButton onChange={pick} resetRef={resetRef} accept={acceptAttribute(kind)}>
      {(props) => (
        <Button leftSection={<IconUpload size={16} />} variant="default" {...buttonProps} {...props}>
          {children ?? <Trans>上传</Trans>}
        </Button>
      )}
    </FileButton>
  );
}
