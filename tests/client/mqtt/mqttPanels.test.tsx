import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { useState, useSyncExternalStore } from 'react';
import { BrokerSession, type PageClientOptions } from '../../../src/client/features/mqtt/brokerSession';
import { ConnectPanel } from '../../../src/client/features/mqtt/ConnectPanel';
import { MessageLog } from '../../../src/client/features/mqtt/MessageLog';
import { PublishPanel } from '../../../src/client/features/mqtt/PublishPanel';
import { SubscribePanel } from '../../../src/client/features/mqtt/SubscribePanel';
import { emptyLog, logEntry, logReducer } from '../../../src/client/features/mqtt/messageLog';
import { activateLang } from '../../../src/client/i18n/i18n';
import { saveLogin } from '../../../src/client/lib/session';
import type { UserInfo } from '../../../src/shared/auth';
import { renderWithProviders } from '../render';
import { FakePageClient } from './mqttFakeClient';

// The payload's autosizing textarea listens to document.fonts, which jsdom lacks.
if (!('fonts' in document)) {
  Object.defineProperty(document, 'fonts', {
    value: { addEventListener: () => undefined, removeEventListener: () => undefined },
  });
}

const saveFile = vi.hoisted(() => vi.fn());
vi.mock('../../../src/client/lib/download', () => ({ saveFile }));

function harness() {
  const clients: FakePageClient[] = [];
  const session = new BrokerSession({
    connect: (url: string, options: PageClientOptions) => {
      const client = new FakePageClient(url, options);
      clients.push(client);
      return client;
    },
    onMessages: () => undefined,
  });
  return { session, clients, client: () => clients.at(-1)! };
}

/** The three panels over one session, as the page wires them (without the router of the page's header). */
function Panels({
  session,
  onSessionUsed = () => undefined,
}: {
  session: BrokerSession;
  onSessionUsed?: (id: number) => void;
}) {
  const snapshot = useSyncExternalStore(session.subscribe, session.getSnapshot);
  const [filter, setFilter] = useState('');
  return (
    <>
      <ConnectPanel session={session} snapshot={snapshot} onSessionUsed={onSessionUsed} />
      <SubscribePanel
        session={session}
        subscriptions={snapshot.subscriptions}
        filter={filter}
        onFilterChange={setFilter}
      />
      <PublishPanel session={session} connected={snapshot.state === 'connected'} lastPublish={snapshot.lastPublish} />
    </>
  );
}

const user = {
  id: 7,
  username: 'demo',
  name: 'Demo',
  nickname: null,
  phone: null,
  email: null,
  kind: 'admin',
  tenantId: 1,
  tenantName: 'T',
  departmentId: null,
  roles: [],
  marks: [],
  timeZone: 'Asia/Shanghai',
} satisfies UserInfo;

beforeEach(() => {
  vi.stubGlobal(
    'fetch',
    vi.fn(
      async () =>
        new Response(
          JSON.stringify({
            code: 0,
            msg: 'ok',
            data: { mqttUrl: 'wss://broker.example/mqtt', voicePath: '/api/voice/ws' },
          }),
        ),
    ),
  );
});
afterEach(() => {
  vi.unstubAllGlobals();
  saveFile.mockReset();
});

describe('/mqtt connect panel', () => {
  it('prefills the broker URL from GET /api/realtime and checks the fields before connecting', async () => {
    const h = harness();
    renderWithProviders(<Panels session={h.session} />);
    await waitFor(() => expect(screen.getByTestId('mqtt-url')).toHaveValue('wss://broker.example/mqtt'));
    expect((screen.getByTestId('mqtt-client-id') as HTMLInputElement).value).toMatch(/^user_\d+$/);
    fireEvent.change(screen.getByTestId('mqtt-url'), { target: { value: 'http://broker.example/mqtt' } });
    fireEvent.change(screen.getByTestId('mqtt-client-id'), { target: { value: ' ' } });
    fireEvent.click(screen.getByTestId('mqtt-connect-button'));
    expect(await screen.findByText('请输入以 ws:// 或 wss:// 开头的地址')).toBeInTheDocument();
    expect(screen.getByText('请输入客户端 ID')).toBeInTheDocument();
    expect(h.clients).toHaveLength(0);
  });

  it('connects with typed device credentials and shows the state', async () => {
    const h = harness();
    renderWithProviders(<Panels session={h.session} />);
    await waitFor(() => expect(screen.getByTestId('mqtt-url')).toHaveValue('wss://broker.example/mqtt'));
    expect(screen.getByTestId('mqtt-use-session')).toBeDisabled();
    fireEvent.change(screen.getByTestId('mqtt-username'), { target: { value: '869900000000001' } });
    fireEvent.change(screen.getByTestId('mqtt-password'), { target: { value: 'secret' } });
    fireEvent.click(screen.getByTestId('mqtt-connect-button'));
    await waitFor(() => expect(h.clients).toHaveLength(1));
    expect(h.client().options).toMatchObject({
      username: '869900000000001',
      password: 'secret',
      keepalive: 60,
      clean: true,
    });
    // The generated client id follows the username: a device's own form.
    expect(h.client().options?.clientId).toMatch(/^dev_869900000000001_\d+$/);
    expect(screen.getByTestId('mqtt-state')).toHaveAttribute('data-state', 'connecting');
    act(() => h.client().open());
    expect(screen.getByTestId('mqtt-state')).toHaveAttribute('data-state', 'connected');
    expect(screen.getByTestId('mqtt-state')).toHaveTextContent('已连接');
  });

  it("uses the logged-in session in one click and shows the broker's refusal", async () => {
    saveLogin('tok-7', user);
    const used = vi.fn();
    const h = harness();
    renderWithProviders(<Panels session={h.session} onSessionUsed={used} />);
    await waitFor(() => expect(screen.getByTestId('mqtt-url')).toHaveValue('wss://broker.example/mqtt'));
    fireEvent.click(screen.getByTestId('mqtt-use-session'));
    await waitFor(() => expect(h.clients).toHaveLength(1));
    expect(h.client().url).toBe('wss://broker.example/mqtt');
    expect(h.client().options).toMatchObject({ username: '7', password: 'tok-7' });
    expect(h.client().options?.clientId).toMatch(/^user_7_\d+$/);
    expect(used).toHaveBeenCalledWith(7);
    expect(screen.getByTestId('mqtt-username')).toHaveValue('7');
    act(() => h.client().refuse(4, 'Connection refused: Bad username or password'));
    const alert = screen.getByTestId('mqtt-problem');
    expect(alert).toHaveAttribute('data-kind', 'refused');
    expect(alert).toHaveTextContent('代理拒绝了连接：用户名或密码错误');
    expect(alert).toHaveTextContent('Connection refused: Bad username or password');
  });
});

describe('/mqtt subscribe and publish panels', () => {
  async function connected() {
    const h = harness();
    renderWithProviders(<Panels session={h.session} />);
    await waitFor(() => expect(screen.getByTestId('mqtt-url')).toHaveValue('wss://broker.example/mqtt'));
    fireEvent.click(screen.getByTestId('mqtt-connect-button'));
    await waitFor(() => expect(h.clients).toHaveLength(1));
    act(() => h.client().open());
    return h;
  }

  it('refuses an invalid filter, lists subscriptions with the SUBACK, and unsubscribes', async () => {
    const h = await connected();
    fireEvent.change(screen.getByTestId('mqtt-filter'), { target: { value: 'a/#/b' } });
    fireEvent.click(screen.getByTestId('mqtt-subscribe-button'));
    expect(await screen.findByText('通配符 # 只能单独作为最后一级，例如 a/b/#')).toBeInTheDocument();
    expect(h.client().subscribes).toHaveLength(0);

    fireEvent.change(screen.getByTestId('mqtt-filter'), { target: { value: 'acm/8/web' } });
    fireEvent.click(screen.getByTestId('mqtt-subscribe-button'));
    expect(h.client().subscribes.map((s) => s.topic)).toEqual(['acm/8/web']);
    act(() => h.client().suback('acm/8/web', 128));
    const row = screen.getByTestId('mqtt-sub');
    expect(row).toHaveAttribute('data-state', 'refused');
    expect(row).toHaveTextContent('代理拒绝（返回码 128）');
    fireEvent.click(within(row).getByTestId('mqtt-unsubscribe'));
    expect(screen.queryByTestId('mqtt-sub')).toBeNull();
    expect(screen.getByText('暂无订阅')).toBeInTheDocument();
  });

  it('checks the publish topic and size, formats JSON, and publishes', async () => {
    const h = await connected();
    const publish = screen.getByTestId('mqtt-publish-button');
    fireEvent.click(publish);
    expect(await screen.findByText('请输入主题')).toBeInTheDocument();
    fireEvent.change(screen.getByTestId('mqtt-pub-topic'), { target: { value: 'sfwatch/+/server' } });
    fireEvent.click(publish);
    expect(await screen.findByText('发布主题不能包含通配符 + 或 #')).toBeInTheDocument();

    fireEvent.change(screen.getByTestId('mqtt-pub-topic'), { target: { value: 'a/b' } });
    fireEvent.change(screen.getByTestId('mqtt-pub-payload'), { target: { value: 'x'.repeat(256 * 1024) } });
    fireEvent.click(publish);
    expect(await screen.findByText('消息过大：262144 字节，代理最多接受 256 KB 的数据包')).toBeInTheDocument();

    fireEvent.change(screen.getByTestId('mqtt-pub-payload'), { target: { value: '{"a":' } });
    fireEvent.click(screen.getByTestId('mqtt-pub-format'));
    expect(await screen.findByText('载荷不是有效的 JSON 对象或数组')).toBeInTheDocument();
    fireEvent.change(screen.getByTestId('mqtt-pub-payload'), { target: { value: '{"a":1}' } });
    fireEvent.click(screen.getByTestId('mqtt-pub-format'));
    expect(screen.getByTestId('mqtt-pub-payload')).toHaveValue('{\n  "a": 1\n}');

    expect(h.client().publishes).toHaveLength(0);
    fireEvent.click(publish);
    expect(h.client().publishes).toMatchObject([
      { topic: 'a/b', payload: '{\n  "a": 1\n}', opts: { qos: 0, retain: false } },
    ]);
    act(() => h.client().publishes[0]!.cb(null));
    expect(screen.getByTestId('mqtt-pub-result')).toHaveAttribute('data-state', 'sent');
    act(() => h.client().emit('close'));
    expect(screen.getByTestId('mqtt-pub-result')).toHaveAttribute('data-state', 'refused');
    expect(screen.getByTestId('mqtt-problem')).toHaveAttribute('data-kind', 'publishRefused');
    expect(screen.getByTestId('mqtt-publish-button')).toBeDisabled();
  });
});

describe('/mqtt message log', () => {
  const enc = (s: string) => new TextEncoder().encode(s);
  const state = logReducer(emptyLog, {
    type: 'add',
    entries: [
      logEntry('acm/7/web', enc('{"code":"9001"}'), { qos: 1, retain: false }, Date.UTC(2026, 0, 1)),
      logEntry(
        'sfwatch/869900000000001/client',
        Uint8Array.from([0xa2, 0x01]),
        { qos: 0, retain: true },
        Date.UTC(2026, 0, 1, 0, 0, 1),
      ),
    ],
  });

  it('shows entries newest first with QoS, retained flag, pretty JSON and hex; filters and exports', async () => {
    const dispatch = vi.fn();
    renderWithProviders(<MessageLog log={state} dispatch={dispatch} />);
    const rows = screen.getAllByTestId('mqtt-log-entry');
    expect(rows.map((r) => r.dataset.topic)).toEqual(['sfwatch/869900000000001/client', 'acm/7/web']);
    expect(within(rows[0]!).getByTestId('mqtt-log-retained')).toBeInTheDocument();
    expect(within(rows[0]!).getByTestId('mqtt-log-payload')).toHaveTextContent('a2 01');
    expect(within(rows[1]!).getByTestId('mqtt-log-payload').textContent).toBe('{\n  "code": "9001"\n}');
    expect(rows[1]).toHaveTextContent('QoS 1');

    fireEvent.change(screen.getByTestId('mqtt-log-filter'), { target: { value: '9001' } });
    expect(screen.getAllByTestId('mqtt-log-entry')).toHaveLength(1);
    expect(screen.getByTestId('mqtt-log-count')).toHaveTextContent('显示 1 / 2 条');
    fireEvent.click(screen.getByTestId('mqtt-log-export'));
    expect(saveFile).toHaveBeenCalledTimes(1);
    const [blob, name] = saveFile.mock.calls[0] as [Blob, string];
    expect(name).toMatch(/^mqtt-log-.*\.csv$/);
    const text = await blob.text();
    expect(text).toContain('acm/7/web');
    expect(text).not.toContain('sfwatch');

    fireEvent.click(screen.getByTestId('mqtt-log-pause'));
    fireEvent.click(screen.getByTestId('mqtt-log-clear'));
    expect(dispatch.mock.calls.map(([a]) => a)).toEqual([{ type: 'pause' }, { type: 'clear' }]);
  });

  it("speaks the installer's language (English catalog)", async () => {
    await act(() => activateLang('en'));
    try {
      renderWithProviders(<MessageLog log={emptyLog} dispatch={() => undefined} />);
      expect(screen.getByText('Message log')).toBeInTheDocument();
      expect(screen.getByText('No messages yet')).toBeInTheDocument();
    } finally {
      await act(() => activateLang('cn'));
    }
  });
});
