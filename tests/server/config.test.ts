import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../src/server/config';

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
    expect(c).toMatchObject({ port: 9000, mqttPort: 0, databaseUrl: 'postgres://u@db:5432/x', mqttUrl: 'mqtt://broker:1883', publicUrl: 'https://console.example', env: 'production' });
    expect(loadConfig({ DATABASE_URL: '' }).databaseUrl).toBeUndefined();
  });

  it.each([
    [{ PORT: 'abc' }, /^Invalid PORT \("abc"\): expected a port number/],
    [{ MQTT_PORT: '70000' }, /^Invalid MQTT_PORT/],
    [{ NODE_ENV: 'prod' }, /^Invalid NODE_ENV/],
    [{ DATABASE_URL: 'not a url' }, /^Invalid DATABASE_URL/],
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
});
