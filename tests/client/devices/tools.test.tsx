import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { resetRequestDeps } from '../../../src/client/lib/request';
import { saveLogin } from '../../../src/client/lib/session';
import { ControlBarScreen } from '../../../src/client/features/tools/ControlBarScreen';
import { DataModelScreen, modelProblems } from '../../../src/client/features/tools/DataModelScreen';
import { durationText } from '../../../src/client/features/tools/DeviceVoiceScreen';
import { PubMusicScreen } from '../../../src/client/features/tools/PubMusicScreen';
import { defaultThingModel } from '../../../src/shared/devices/thing-model';
import { demoUser } from '../fixtures';
import { renderWithProviders } from '../render';
import { mockApi, type Call } from './mockApi';
import { ConfirmHost } from '../../../src/client/components/ConfirmDanger';

const A = '860000000000101';
const B = '860000000000102';
const deviceRows = {
  rows: [
    { id: 1, imei: A, kind: 'breaker', state: 1, name: 'Breaker A' },
    { id: 2, imei: B, kind: 'breaker', state: 0, name: 'Breaker B' },
  ],
  total: 2,
};
const bodyOf = (calls: Call[], url: string) => calls.filter((c) => c.url === url).map((c) => c.body);

async function confirm(label: string) {
  const dialog = await screen.findByRole('dialog');
  fireEvent.click(within(dialog).getByRole('button', { name: label }));
}

describe('controlBar', () => {
  let calls: Call[];
  beforeEach(() => {
    saveLogin('tok', { ...demoUser, marks: ['*'] });
    calls = mockApi({
      '/api/device/device/list': deviceRows,
      '/api/device/command/sendMany': {
        results: [
          { imei: A, id: 7, status: 3 },
          { imei: B, key: 'deviceOffline' },
        ],
      },
      '/api/device/command/acks': {
        rows: [
          {
            id: 7,
            imei: A,
            cmd: 'switch',
            status: 3,
            ackOk: true,
            ackMsg: 'switch singleOff',
            ackAt: '2026-11-23T10:00:00Z',
          },
        ],
      },
    });
  });
  afterEach(() => resetRequestDeps());

  it('sends a switch mode to the picked devices after confirmation; offline ones show "device offline", acks show as they come', async () => {
    renderWithProviders(
      <>
        <ConfirmHost />
        <ControlBarScreen />
      </>,
    );
    expect(screen.getByTestId('cb-switch')).toBeDisabled();
    await screen.findAllByTestId('picker-row');
    fireEvent.click(screen.getByTestId('picker-page'));
    expect(screen.getByTestId('picked-count')).toHaveTextContent('已选 2 台');
    // Breakers obey no valve: nothing to send it to.
    expect(screen.getByTestId('cb-valve-close')).toBeDisabled();
    fireEvent.click(screen.getByTestId('cb-switch'));
    expect(bodyOf(calls, '/api/device/command/sendMany')).toHaveLength(0);
    await confirm('发送');
    await waitFor(() =>
      expect(bodyOf(calls, '/api/device/command/sendMany')).toEqual([
        { imeis: [A, B], cmd: 'switch', params: { mode: 'singleOn' } },
      ]),
    );
    const refused = await screen.findByTestId('batch-refused');
    expect(refused).toHaveTextContent('设备离线');
    expect(await screen.findByTestId('batch-ack')).toHaveTextContent('switch singleOff');
  });

  it('refuses a volume outside 0-100 before sending', async () => {
    renderWithProviders(<ControlBarScreen />);
    fireEvent.change(screen.getByTestId('cb-volume-level'), { target: { value: '150' } });
    expect(await screen.findByText('请输入0到100之间的整数')).toBeInTheDocument();
    expect(screen.getByTestId('cb-volume')).toBeDisabled();
  });
});

describe('dataModel', () => {
  const model = defaultThingModel('helmet');
  beforeEach(() => {
    mockApi({
      '/api/device/product/list': { rows: [{ id: 1, name: 'Smart helmet', code: 'P-helmet' }], total: 1 },
      '/api/device/thingModel/get': { productId: 1, name: 'Smart helmet', code: 'P-helmet', model, saved: true },
    });
  });
  afterEach(() => resetRequestDeps());

  it('finds duplicate keys and inverted ranges by path', () => {
    expect(modelProblems(model).size).toBe(0);
    const bad = { ...model, metrics: [...model.metrics, { ...model.metrics[0]!, min: 9, max: 1 }] };
    const problems = modelProblems(bad);
    expect(problems.get(`metrics.${model.metrics.length}.key`)).toBe('duplicate');
    expect(problems.get(`metrics.${model.metrics.length}.max`)).toBe('range');
  });

  it('shows the model read-only to a company user; a super administrator edits and is told what is wrong', async () => {
    saveLogin('tok', { ...demoUser, marks: ['*'] });
    const { unmount } = renderWithProviders(<DataModelScreen />);
    expect(await screen.findAllByTestId('metric-row')).toHaveLength(model.metrics.length);
    expect(screen.queryByTestId('model-save')).toBeNull();
    expect(screen.getByTestId('model-export')).toBeInTheDocument();
    unmount();

    saveLogin('tok', { ...demoUser, kind: 'super', marks: ['*'] });
    renderWithProviders(<DataModelScreen />);
    const keys = await screen.findAllByTestId('metric-key');
    expect(screen.getByTestId('model-save')).toBeDisabled();
    fireEvent.change(keys[1]!, { target: { value: String(model.metrics[0]!.key) } });
    expect(await screen.findByTestId('model-problems')).toBeInTheDocument();
    expect(screen.getAllByText('键重复').length).toBeGreaterThan(0);
    expect(screen.getByTestId('model-save')).toBeDisabled();
    fireEvent.change(keys[1]!, { target: { value: 'renamed' } });
    await waitFor(() => expect(screen.queryByTestId('model-problems')).toBeNull());
    expect(screen.getByTestId('model-save')).toBeEnabled();
  });
});

describe('pubMusic and deviceVoice', () => {
  let calls: Call[];
  beforeEach(() => {
    saveLogin('tok', { ...demoUser, marks: ['*'] });
    calls = mockApi({
      '/api/device/device/list': { rows: [{ id: 3, imei: A, kind: 'doorUnit', state: 1, name: 'Door' }], total: 1 },
      '/api/device/audioPush/send': { results: [{ imei: A, id: 9, status: 3 }] },
      '/api/device/command/acks': { rows: [] },
    });
  });
  afterEach(() => resetRequestDeps());

  it('pushes text to speak to the picked speakers after confirmation', async () => {
    renderWithProviders(
      <>
        <ConfirmHost />
        <PubMusicScreen search={{}} onSearchChange={() => {}} />
      </>,
    );
    fireEvent.click(screen.getByRole('radio', { name: '文字转语音' }));
    await screen.findAllByTestId('picker-row');
    fireEvent.click(screen.getByTestId('picker-page'));
    expect(screen.getByTestId('push-send')).toBeDisabled();
    fireEvent.change(screen.getByTestId('push-text'), { target: { value: '请佩戴安全帽' } });
    fireEvent.click(screen.getByTestId('push-send'));
    await confirm('推送');
    await waitFor(() =>
      expect(bodyOf(calls, '/api/device/audioPush/send')).toEqual([
        { source: 'tts', imeis: [A], text: '请佩戴安全帽' },
      ]),
    );
    expect(await screen.findByTestId('batch-results')).toBeInTheDocument();
  });

  it('voice durations read in seconds', () => {
    expect(durationText(1500)).toBe('1.5 s');
    expect(durationText(null)).toBe('-');
  });
});
