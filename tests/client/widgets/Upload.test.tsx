import { describe, expect, it, vi } from 'vitest';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { acceptAttribute, checkUpload, UploadButton } from '../../../src/client/components/Upload';
import { renderWithProviders } from '../render';

const KB = 1024;
const MB = 1024 * KB;

/** A File of `size` bytes without allocating them. */
function fakeFile(name: string, type: string, size: number): File {
  const file = new File(['x'], name, { type });
  Object.defineProperty(file, 'size', { value: size });
  return file;
}

describe('checkUpload', () => {
  it('lets images through under 600 KB although the message says 500 KB', () => {
    expect(checkUpload(fakeFile('a.png', 'image/png', 550 * KB), 'image')).toBeNull();
    expect(checkUpload(fakeFile('a.jpg', 'image/jpeg', 600 * KB - 1), 'image')).toBeNull();
    expect(checkUpload(fakeFile('a.jpg', 'image/jpeg', 600 * KB), 'image')).toBe('fileTooLarge');
  });

  it('limits files to 5 MB and videos to 20 MB', () => {
    expect(checkUpload(fakeFile('a.pdf', 'application/pdf', 5 * MB - 1), 'file')).toBeNull();
    expect(checkUpload(fakeFile('a.pdf', 'application/pdf', 5 * MB), 'file')).toBe('fileTooLarge');
    expect(checkUpload(fakeFile('a.mp4', 'video/mp4', 19 * MB), 'video')).toBeNull();
    expect(checkUpload(fakeFile('a.webm', 'video/webm', 20 * MB), 'video')).toBe('fileTooLarge');
  });

  it('refuses a wrong format before looking at the size', () => {
    expect(checkUpload(fakeFile('a.bmp', 'image/bmp', 10), 'image')).toBe('fileFormat');
    expect(checkUpload(fakeFile('a.avi', 'video/x-msvideo', 10), 'video')).toBe('fileFormat');
    expect(checkUpload(fakeFile('a.exe', 'application/x-msdownload', 10 * MB), 'file')).toBe('fileFormat');
    expect(checkUpload(fakeFile('a.png', 'image/png', 10), 'video')).toBe('fileFormat');
  });

  it('falls back to the extension when the browser gives no type', () => {
    expect(checkUpload(fakeFile('report.XLSX', '', 10), 'file')).toBeNull();
    expect(checkUpload(fakeFile('photo.webp', '', 10), 'image')).toBeNull();
    expect(checkUpload(fakeFile('noext', '', 10), 'file')).toBe('fileFormat');
  });

  it('builds an accept attribute from types and extensions', () => {
    expect(acceptAttribute('video')).toBe('video/mp4,video/webm,.mp4,.webm');
  });
});

describe('UploadButton', () => {
  const input = () => document.querySelector('input[type="file"]') as HTMLInputElement;

  it('hands a valid file to onFile', async () => {
    const user = userEvent.setup();
    const onFile = vi.fn();
    renderWithProviders(<UploadButton kind="image" onFile={onFile} />);
    expect(screen.getByRole('button', { name: '上传' })).toBeInTheDocument();
    const file = fakeFile('a.png', 'image/png', 100 * KB);
    await user.upload(input(), file);
    expect(onFile).toHaveBeenCalledWith(file);
  });

  it('toasts the 500 KB message for an oversized image and skips onFile', async () => {
    const user = userEvent.setup();
    const onFile = vi.fn();
    renderWithProviders(
      <UploadButton kind="image" onFile={onFile}>
        上传头像
      </UploadButton>,
    );
    await user.upload(input(), fakeFile('a.png', 'image/png', 700 * KB));
    expect(await screen.findByText('图片大小不能超过500KB')).toBeInTheDocument();
    expect(onFile).not.toHaveBeenCalled();
  });

  it('toasts the translated format error', async () => {
    const user = userEvent.setup({ applyAccept: false });
    const onFile = vi.fn();
    renderWithProviders(<UploadButton kind="video" onFile={onFile} />);
    await user.upload(input(), fakeFile('a.avi', 'video/x-msvideo', 10));
    expect(await screen.findByText('文件格式错误')).toBeInTheDocument();
    expect(onFile).not.toHaveBeenCalled();
  });

  it('toasts the 5 MB message for a large file', async () => {
    const user = userEvent.setup();
    renderWithProviders(<UploadButton kind="file" onFile={vi.fn()} />);
    await user.upload(input(), fakeFile('a.pdf', 'application/pdf', 6 * MB));
    expect(await screen.findByText('文件大小不能超过5MB')).toBeInTheDocument();
  });
});
