import type { FastifyInstance } from 'fastify';
import { buildApp } from './app';
import { ConfigError, loadConfig, type Config } from './config';
import { DataDirLockedError } from './db/pglite-lock';
import { DEMO_ACCOUNTS } from './db/seed';
import { MQTT_WS_PATH } from '../shared/topics';

/** A start-up failure worth one line, not a stack trace. */
class StartError extends Error {}

function portTaken(port: number, name: string): StartError {
  return new StartError(`Port ${port} is taken (${name}). Stop the other process or set ${name} to a free port.`);
}

async function listen(app: FastifyInstance, config: Config): Promise<void> {
  if (app.broker.kind === 'embedded' && config.mqttPort > 0) {
    try {
      await app.broker.listenTcp(config.mqttPort, config.host);
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code === 'EADDRINUSE') throw portTaken(config.mqttPort, 'MQTT_PORT');
      throw err;
    }
  }
  try {
    await app.listen({ port: config.port, host: config.host });
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'EADDRINUSE') throw portTaken(config.port, 'PORT');
    throw err;
  }
}

function banner(app: FastifyInstance, config: Config): string {
  const host = config.host === '0.0.0.0' || config.host === '::' ? 'localhost' : config.host;
  const url = config.publicUrl ?? `http://${host}:${config.port}`;
  const lines = [
    '',
    `Safety console ${app.appVersion} is running: ${url}`,
    `  database: ${app.dbKind === 'pglite' ? `PGlite in ${config.dataDir}` : 'PostgreSQL (DATABASE_URL)'}`,
  ];
  if (app.broker.kind === 'external') lines.push(`  MQTT: external broker ${config.mqttUrl}`);
  else {
    lines.push(`  MQTT over WebSocket: ${url.replace(/^http/, 'ws')}${MQTT_WS_PATH}`);
    lines.push(config.mqttPort > 0 ? `  MQTT over TCP: mqtt://${host}:${config.mqttPort}` : '  MQTT over TCP: off (MQTT_PORT=0)');
  }
  lines.push(`  API docs: ${url}/api/docs`);
  if (config.env !== 'production') {
    lines.push('  Demo accounts:');
    for (const a of DEMO_ACCOUNTS) lines.push(`    ${a.username} / ${a.password}  (${a.note})`);
    lines.push('    visitor login needs no credentials');
  }
  if (app.seedResult.generatedAdminPassword) {
    lines.push(`  Super administrator: admin / ${app.seedResult.generatedAdminPassword}  (shown once; change it)`);
  }
  return lines.join('\n') + '\n';
}

async function main(): Promise<void> {
  let app: FastifyInstance | undefined;
  try {
    const config = loadConfig();
    app = await buildApp({ config });
    await listen(app, config);
    console.log(banner(app, config));
  } catch (err) {
    await app?.close().catch(() => {});
    if (err instanceof StartError || err instanceof ConfigError || err instanceof DataDirLockedError) {
      console.error(err.message);
    } else {
      console.error('The service failed to start:', err);
    }
    process.exit(1);
  }

  const running = app;
  let closing = false;
  const stop = (signal: string) => {
    if (closing) process.exit(1); // a second Ctrl+C does not wait
    closing = true;
    running.log.info(`${signal}: closing`);
    running.close().then(
      () => process.exit(0),
      (err: unknown) => {
        console.error('Close failed:', err);
        process.exit(1);
      },
    );
  };
  process.on('SIGINT', () => stop('SIGINT'));
  process.on('SIGTERM', () => stop('SIGTERM'));
}

void main();
