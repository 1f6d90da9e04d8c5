import { hostname } from 'node:os';
import { describe, expect, it } from 'vitest';
import { checkConsoleBroker, checkPublicUrl, ConfigError, loadConfig } from '../../src/server/config';

describe('config', () => {
  it('has the documented defaults', () => {
    expect(loadConfig({})).toMatchObject({
      port: 8080,
      host: '0.0.0.0',
      mqttPort: 1883,
      dataDir: './data',
      databaseUrl: undefined,
      mqttUrl: undefined,
      env: 'development',
      staticDir: './dist',
      smsProvider: 'local',
      logLevel: 'info',
    });
  });

  it('reads the environment', () => {
    const c = loadConfig({
      PORT: '9000',
      MQTT_PORT: '0',
      DATABASE_URL: 'postgres://u@db:5432/x',
      MQTT_URL: 'mqtt://broker:1883',
      PUBLIC_URL: 'https://console.example/',
      NODE_ENV: 'production',
      DATABASE_URL_UNUSED: 'x',
    });
    expect(c).toMatchObject({
      port: 9000,
      mqttPort: 0,
      databaseUrl: 'postgres://u@db:5432/x',
      mqttUrl: 'mqtt://broker:1883',
      publicUrl: 'https://console.example',
      env: 'production',
    });
    expect(loadConfig({ DATABASE_URL: '' }).databaseUrl).toBeUndefined();
  });

  it("starts the device protocol listeners on Traccar's ports unless told otherwise", () => {
    expect(loadConfig({}).protocols).toEqual([
      { name: 'watch', port: 5093 },
      { name: 'gt06', port: 5023 },
      { name: 'jt808', port: 5015 },
      { name: 'osmand', port: 5055 },
      { name: 'h02', port: 5013 },
      { name: 'trv', port: 5010 },
      { name: 'teltonika', port: 5027 },
    ]);
    expect(loadConfig({ PROTOCOLS: 'gt06, jt808', GT06_PORT: '6023', JT808_PORT: '0' }).protocols).toEqual([
      { name: 'gt06', port: 6023 },
    ]);
    expect(loadConfig({ PROTOCOLS: 'none' }).protocols).toEqual([]);
    expect(loadConfig({ PROTOCOLS: '' }).protocols).toEqual([]);
  });

  it.each([
    [
      { PROTOCOLS: 'gt06,meitrack' },
      /^Invalid PROTOCOLS \("gt06,meitrack"\): each of watch, gt06, jt808, osmand, h02, trv, teltonika, or none/,
    ],
    [{ GT06_PORT: '70000' }, /^Invalid GT06_PORT/],
    [{ PORT: 'abc' }, /^Invalid PORT \("abc"\): expected a port number/],
    [{ MQTT_PORT: '70000' }, /^Invalid MQTT_PORT/],
    [{ NODE_ENV: 'prod' }, /^Invalid NODE_ENV/],
    [{ DATABASE_URL: 'not a url' }, /^Invalid DATABASE_URL/],
    [{ MQTT_HTTP_SECRET: 'short' }, /^Invalid MQTT_HTTP_SECRET \("short"\): expected at least 16 characters/],
    [{ MQTT_MAX_PACKET_BYTES: '100' }, /^Invalid MQTT_MAX_PACKET_BYTES/],
    [{ MQTT_MAX_PACKET_BYTES: '300000000' }, /^Invalid MQTT_MAX_PACKET_BYTES/],
    [
      { ICE_SERVERS: 'http://turn.example.com' },
      /^Invalid ICE_SERVERS .*: entry 1: urls must be stun:, stuns:, turn: or turns: URLs/,
    ],
    [
      { ICE_SERVERS: '[{"urls": "turn:t.example.com", "username": "u"}]' },
      /^Invalid ICE_SERVERS .*: entry 1: username and credential go together/,
    ],
    [{ ICE_SERVERS: '[{"urls": ' }, /^Invalid ICE_SERVERS .*: expected a JSON array/],
    [{ TURN_SECRET: 'short' }, /^Invalid TURN_SECRET/],
    [{ MEDIA_PORTS: '40000-40005' }, /^Invalid MEDIA_PORTS .*: expected a UDP range such as 40000-40199/],
    [{ MEDIA_PORTS: '80-200' }, /^Invalid MEDIA_PORTS/],
    [
      { MEDIA_HOST_ADDRESSES: '203.0.113.5,example.com' },
      /^Invalid MEDIA_HOST_ADDRESSES .*: expected IP addresses separated by commas/,
    ],
  ])('refuses %j with one clear line', (env, message) => {
    let err: unknown;
    try {
      loadConfig(env);
    } catch (e) {
      err = e;
    }
    expect(err).toBeInstanceOf(ConfigError);
    expect((err as Error).message).toMatch(message);
    expect((err as Error).message).not.toContain('\n');
  });

  it('reads STORAGE_URL: local disk by default, a folder, or an S3-compatible bucket', () => {
    expect(loadConfig({}).storage).toEqual({ kind: 'local' });
    expect(loadConfig({ STORAGE_URL: ' file: ' }).storage).toEqual({ kind: 'local' });
    expect(loadConfig({ STORAGE_URL: 'file:/srv/uploads' }).storage).toEqual({ kind: 'local', dir: '/srv/uploads' });
    const s3 = 's3://AK:S%2Fx%2B@minio.local:9000/console-uploads?region=eu-west-1&forcePathStyle=true';
    expect(loadConfig({ STORAGE_URL: s3 }).storage).toEqual({
      kind: 's3',
      endpoint: 'https://minio.local:9000',
      region: 'eu-west-1',
      bucket: 'console-uploads',
      prefix: '',
      forcePathStyle: true,
      credentials: { accessKeyId: 'AK', secretAccessKey: 'S/x+' },
    });
    expect(loadConfig({ STORAGE_URL: 's3+http://127.0.0.1:9000/console-uploads/site-a/pictures' }).storage).toEqual({
      kind: 's3',
      endpoint: 'http://127.0.0.1:9000',
      region: 'us-east-1',
      bucket: 'console-uploads',
      prefix: 'site-a/pictures/',
      forcePathStyle: false,
    });
  });

  it.each([
    ['ftp://host/bucket', /unsupported scheme ftp:/],
    ['s3://AK:SECRETKEY@host/B', /bucket name/],
    ['s3://AK:SECRETKEY@host', /bucket name/],
    ['s3://AK@host/console-uploads', /both the access key and the secret/],
    ['s3://AK:SECRETKEY@host/console-uploads?forcePathStyle=yes', /forcePathStyle=true or false/],
    ['s3://AK:SECRETKEY@host/console-uploads?region=Mars%201', /region/],
    ['s3://AK:SECRETKEY@host/console-uploads?pathStyle=true', /unknown parameter pathStyle/],
    ['s3:///console-uploads', /missing host/],
    ['not a url', /not a URL/],
  ])('refuses STORAGE_URL %s in one line that keeps the secret', (value, message) => {
    expect(() => loadConfig({ STORAGE_URL: value })).toThrow(ConfigError);
    try {
      loadConfig({ STORAGE_URL: value });
    } catch (err) {
      expect((err as Error).message).toMatch(/^Invalid STORAGE_URL/);
      expect((err as Error).message).toMatch(message);
      expect((err as Error).message).not.toContain('SECRETKEY');
      expect((err as Error).message).not.toContain('\n');
    }
  });

  it("names the service's broker session after the host, the port and a group other than the default", () => {
    const host = hostname()
      .replace(/[^A-Za-z0-9_.-]/g, '-')
      .slice(0, 40);
    expect(loadConfig({ PORT: '8081' }).mqttClientId).toBe(`console-svc-${host}-8081`);
    expect(loadConfig({ PORT: '8081', INGEST_GROUP: 'site-b' }).mqttClientId).toBe(`console-svc-${host}-8081-site-b`);
    expect(loadConfig({ INGEST_GROUP: 'site-b', MQTT_CLIENT_ID: 'pod-7' }).mqttClientId).toBe('pod-7');
    expect(loadConfig({ NODE_ENV: 'test' }).mqttClientId).toBeUndefined();
  });

  it('reads the broker hook secret and the packet limit (256 KB by default)', () => {
    expect(loadConfig({})).toMatchObject({ mqttHttpSecret: undefined, mqttMaxPacketBytes: 262_144 });
    expect(loadConfig({ MQTT_HTTP_SECRET: '  ' }).mqttHttpSecret).toBeUndefined();
    expect(loadConfig({ MQTT_HTTP_SECRET: ' 0123456789abcdef ', MQTT_MAX_PACKET_BYTES: '65536' })).toMatchObject({
      mqttHttpSecret: '0123456789abcdef',
      mqttMaxPacketBytes: 65_536,
    });
  });

  it('reads the media network: STUN/TURN as JSON or URLs, the TURN secret, the UDP ports and announced addresses', () => {
    expect(loadConfig({}).media).toEqual({
      iceServers: [],
      turnSecret: undefined,
      portRange: undefined,
      hostAddresses: [],
    });
    expect(
      loadConfig({
        ICE_SERVERS: 'stun:stun.example.com:3478, turn:turn.example.com:3478?transport=udp',
        TURN_SECRET: 'coturn-shared-secret',
        MEDIA_PORTS: '40000-40199',
        MEDIA_HOST_ADDRESSES: '203.0.113.5, 2001:db8::1',
      }).media,
    ).toEqual({
      iceServers: [{ urls: ['stun:stun.example.com:3478'] }, { urls: ['turn:turn.example.com:3478?transport=udp'] }],
      turnSecret: 'coturn-shared-secret',
      portRange: [40000, 40199],
      hostAddresses: ['203.0.113.5', '2001:db8::1'],
    });
    expect(
      loadConfig({ ICE_SERVERS: '[{"urls": ["turns:t.example.com:5349"], "username": "u", "credential": "p"}]' }).media
        .iceServers,
    ).toEqual([{ urls: ['turns:t.example.com:5349'], username: 'u', credential: 'p' }]);
  });

  it('stops a start with MQTT_URL but no MQTT_WS_URL, in one line naming MQTT_WS_URL', () => {
    const external = loadConfig({ MQTT_URL: 'mqtt://broker:1883' });
    let err: unknown;
    try {
      checkConsoleBroker(external);
    } catch (e) {
      err = e;
    }
    expect(err).toBeInstanceOf(ConfigError);
    expect((err as Error).message).toMatch(/^Missing MQTT_WS_URL: with MQTT_URL set/);
    expect((err as Error).message).not.toContain('\n');
    expect(() =>
      checkConsoleBroker(loadConfig({ MQTT_URL: 'mqtt://broker:1883', MQTT_WS_URL: 'wss://broker.example.com/mqtt' })),
    ).not.toThrow();
    expect(() => checkConsoleBroker(loadConfig({}))).not.toThrow(); // embedded broker: consoles use this service's /mqtt
  });

  it('stops a production start without PUBLIC_URL, in one line naming it', () => {
    expect(() => checkPublicUrl(loadConfig({ NODE_ENV: 'production' }))).toThrow(/^Missing PUBLIC_URL: in production/);
    expect(() =>
      checkPublicUrl(loadConfig({ NODE_ENV: 'production', PUBLIC_URL: 'https://console.example.com' })),
    ).not.toThrow();
    expect(() => checkPublicUrl(loadConfig({}))).not.toThrow();
  });
});

describe('a real start (main.ts)', () => {
  it('exits with the one MQTT_WS_URL line, before opening anything, when MQTT_URL comes alone', async () => {
    const { execFile } = await import('node:child_process');
    const env: NodeJS.ProcessEnv = {
      ...process.env,
      MQTT_URL: 'mqtt://127.0.0.1:1',
      DATA_DIR: '/nonexistent-data-dir',
      LOG_LEVEL: 'silent',
    };
    delete env.MQTT_WS_URL;
    delete env.DATABASE_URL;
    const result = await new Promise<{ code: number | null; stderr: string }>((resolve) => {
      const child = execFile(
        process.execPath,
        ['--import', 'tsx', 'src/main.ts'],
        { env, timeout: 60_000 },
        (_err, _stdout, stderr) => resolve({ code: child.exitCode, stderr }),
      );
    });
    expect(result.code).toBe(1);
    expect(result.stderr.trim()).toMatch(/^Missing MQTT_WS_URL: with MQTT_URL set[^\n]*$/);
  }, 60_000);
});
