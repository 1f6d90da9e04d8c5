import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { DEFAULT_SETTINGS } from '../../../src/shared/devices/settings';
import { SettingsForm } from '../../../src/client/features/devices/SettingsForm';
import { settingsErrors } from '../../../src/client/features/devices/settingsForm';
import { resetRequestDeps } from '../../../src/client/lib/request';
import { saveLogin } from '../../../src/client/lib/session';
import { demoUser } from '../fixtures';
import { renderWithProviders } from '../render';
import { mockApi, type Call } from './mockApi';

const IMEI = '860000000000001';
const saved = (calls: Call[]) => calls.filter((c) => c.url === '/api/device/settings/save');

describe('settings form', () => {
  let calls: Call[];
  beforeEach(() => {
    saveLogin('tok', { ...demoUser, marks: ['*'] });
    calls = mockApi({ '/api/device/settings/get': { settings: DEFAULT_SETTINGS, version: 3, ackedVersion: 2 } });
  });
  afterEach(() => resetRequestDeps());

  it('shows pushed but not yet acknowledged', async () => {
    renderWithProviders(<SettingsForm imei={IMEI} kind="helmet" />);
    expect(await screen.findByTestId('settings-version')).toHaveTextContent('等待设备确认');
  });

  it('refuses a lower limit above the upper one, with the message under the field', async () => {
    renderWithProviders(<SettingsForm imei={IMEI} kind="helmet" />);
    const low = await screen.findByLabelText('heartRate.low');
    fireEvent.change(low, { target: { value: '130' } });
    fireEvent.click(screen.getByTestId('settings-save'));
    expect(await screen.findByText('下限不能高于上限')).toBeInTheDocument();
    expect(screen.getByTestId('settings-invalid')).toBeInTheDocument();
    expect(saved(calls)).toHaveLength(0);
  });

  it('shows range and required messages', async () => {
    renderWithProviders(<SettingsForm imei={IMEI} kind="helmet" />);
    fireEvent.change(await screen.findByLabelText('bloodOxygen.high'), { target: { value: '101' } });
    fireEvent.change(
      within(screen.getByTestId('setting-alarmDuration').closest('div')!.parentElement!).getByRole('textbox'),
      {
        target: { value: '' },
      },
    );
    fireEvent.click(screen.getByTestId('settings-save'));
    expect(await screen.findByText('数值太大')).toBeInTheDocument();
    expect(screen.getByText('此项为必填项')).toBeInTheDocument();
    expect(saved(calls)).toHaveLength(0);
  });

  it('adds and removes contacts, validating each row', async () => {
    renderWithProviders(<SettingsForm imei={IMEI} kind="helmet" />);
    fireEvent.click(await screen.findByTestId('contact-add'));
    fireEvent.click(screen.getByTestId('contact-add'));
    expect(screen.getAllByTestId('contact-row')).toHaveLength(2);
    fireEvent.click(screen.getAllByTestId('contact-remove')[1]!);
    expect(screen.getAllByTestId('contact-row')).toHaveLength(1);
    const row = screen.getByTestId('contact-row');
    fireEvent.change(within(row).getByLabelText('电话'), { target: { value: '123' } });
    fireEvent.click(screen.getByTestId('settings-save'));
    expect(await within(row).findByText('此项为必填项')).toBeInTheDocument();
    expect(within(row).getByText(/手机号须为11位数字/)).toBeInTheDocument();
    expect(saved(calls)).toHaveLength(0);
    fireEvent.change(within(row).getByLabelText('姓名'), { target: { value: '张三' } });
    fireEvent.change(within(row).getByLabelText('电话'), { target: { value: '13800000001' } });
    fireEvent.click(screen.getByTestId('settings-save'));
    await waitFor(() => expect(saved(calls)).toHaveLength(1));
    expect(saved(calls)[0]!.body).toMatchObject({
      imei: IMEI,
      settings: { contacts: [{ name: '张三', phone: '13800000001', relation: '' }] },
    });
  });

  it('validation helper: duplicates in a phone list and good defaults', () => {
    expect(settingsErrors(DEFAULT_SETTINGS)).toEqual({});
    expect(settingsErrors({ ...DEFAULT_SETTINGS, whiteList: ['13800000001', '13800000001'] })).toEqual({
      whiteList: 'duplicateValues',
    });
    expect(settingsErrors({ ...DEFAULT_SETTINGS, positionInterval: Number.NaN })).toEqual({
      positionInterval: 'required',
    });
    expect(
      settingsErrors({ ...DEFAULT_SETTINGS, sosNumbers: ['13800000001', '13800000002', '13800000003', '13800000004'] }),
    ).toEqual({ sosNumbers: 'tooLarge' });
    expect(settingsErrors({ ...DEFAULT_SETTINGS, doNotDisturb: ['08:00-12:00', '25:00-26:00'] })).toEqual({
      doNotDisturb: 'timeWindowInvalid',
    });
  });

  it('offers a watch its SOS numbers and do-not-disturb periods, and pushes them', async () => {
    calls = mockApi({
      '/api/device/settings/get': {
        settings: { ...DEFAULT_SETTINGS, sosNumbers: ['13800000009'], doNotDisturb: ['22:00-07:00'] },
        version: 1,
        ackedVersion: 1,
      },
    });
    renderWithProviders(<SettingsForm imei={IMEI} kind="watch" />);
    await screen.findByTestId('setting-sosNumbers');
    expect(screen.getByText('13800000009')).toBeInTheDocument();
    expect(screen.getByText('22:00-07:00')).toBeInTheDocument();
    fireEvent.click(screen.getByTestId('settings-save'));
    await waitFor(() => expect(saved(calls)).toHaveLength(1));
    expect(saved(calls)[0]!.body).toMatchObject({
      settings: { sosNumbers: ['13800000009'], doNotDisturb: ['22:00-07:00'] },
    });
  });

  it('shows the watch settings to watches only', async () => {
    renderWithProviders(<SettingsForm imei={IMEI} kind="helmet" />);
    await screen.findByTestId('settings-form');
    expect(screen.queryByTestId('setting-sosNumbers')).toBeNull();
  });
});
