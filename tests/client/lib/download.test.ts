import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { downloadFile, fetchBlob } from '../../../src/client/lib/download';
import { RequestError } from '../../../src/client/lib/request';
import { saveLogin } from '../../../src/client/lib/session';
import { demoUser, envelope } from '../fixtures';

const fetchMock = vi.fn<typeof fetch>();

beforeEach(() => {
  fetchMock.mockReset();
  vi.stubGlobal('fetch', fetchMock);
});

afterEach(() => {
  vi.restoreAllMocks();
});

const file = (type: string, headers: Record<string, string> = {}) =>
  new Response('bytes', { status: 200, headers: { 'Content-Type': type, ...headers } });

describe('fetchBlob', () => {
  it('GETs without a body, POSTs a JSON body, with the session header', async () => {
    saveLogin('tok-1', demoUser);
    fetchMock.mockResolvedValueOnce(file('application/vnd.ms-excel'));
    const got = await fetchBlob('iot', 'simCard/template', { failText: 'x' });
    expect(await got.blob.text()).toBe('bytes');
    expect(got.name).toBeUndefined();
    expect(fetchMock).toHaveBeenLastCalledWith('/api/iot/simCard/template', {
      method: 'GET',
      headers: { Authorization: 'tok-1' },
    });

    fetchMock.mockResolvedValueOnce(file('audio/wav', { 'Content-Disposition': 'attachment; filename="a.wav"' }));
    expect((await fetchBlob('device', 'audioPush/preview', { body: { text: 'hi' }, failText: 'x' })).name).toBe(
      'a.wav',
    );
    expect(fetchMock).toHaveBeenLastCalledWith('/api/device/audioPush/preview', {
      method: 'POST',
      headers: { Authorization: 'tok-1', 'Content-Type': 'application/json' },
      body: '{"text":"hi"}',
    });
  });

  it('rejects a JSON answer with its translated message and key', async () => {
    fetchMock.mockResolvedValueOnce(envelope({ code: 500, msg: 'Sent successfully', key: 'smsSent' }));
    const error = await fetchBlob('device', 'x', { failText: 'fail' }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(RequestError);
    expect(error).toMatchObject({ message: '发送成功', key: 'smsSent', code: 500, status: 200 });
  });

  it("rejects a failed status or another type than asked with the caller's text", async () => {
    fetchMock.mockResolvedValueOnce(new Response('oops', { status: 502 }));
    await expect(fetchBlob('device', 'x', { failText: 'fail' })).rejects.toMatchObject({
      message: 'fail',
      status: 502,
    });
    fetchMock.mockResolvedValueOnce(file('text/plain'));
    await expect(fetchBlob('device', 'x', { type: 'audio/', failText: 'fail' })).rejects.toMatchObject({
      message: 'fail',
      key: undefined,
    });
  });
});

describe('downloadFile', () => {
  it("saves the answer under the server's file name, else the fallback", async () => {
    // jsdom has no object URLs: lent for this test only.
    vi.stubGlobal(
      'URL',
      Object.assign(class extends URL {}, { createObjectURL: () => 'blob:x', revokeObjectURL: () => undefined }),
    );
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => undefined);
    const names: string[] = [];
    click.mockImplementation(function (this: HTMLAnchorElement) {
      names.push(this.download);
    });
    fetchMock.mockResolvedValueOnce(file('text/csv', { 'Content-Disposition': 'attachment; filename=t.csv' }));
    await downloadFile('device', 'track/export', { imei: '1' }, 'fallback.csv');
    fetchMock.mockResolvedValueOnce(file('text/csv'));
    await downloadFile('device', 'track/export', { imei: '1' }, 'fallback.csv');
    expect(names).toEqual(['t.csv', 'fallback.csv']);
  });

  it('rejects an envelope with the generic export text when it carries no message', async () => {
    fetchMock.mockResolvedValueOnce(new Response('not json', { status: 500 }));
    await expect(downloadFile('device', 'track/export', {}, 'f.csv')).rejects.toMatchObject({ message: '导出失败' });
  });
});
