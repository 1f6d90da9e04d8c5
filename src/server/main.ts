import type { FastifyInstance } from 'fastify';
import { buildApp } from './app';
import { checkConsoleBroker, checkPublicUrl, ConfigError, loadConfig, type Config } from './config';
import { DataDirLockedError } from './db/pglite-lock';
import { DEMO_ACCOUNTS } from './db/seed';
import { mediaToolLines } from '../shared/media-tools';
import { MQTT_WS_PATH } from '../shared/topics';
import { CODECS } from './protocols/registry';

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
  for (const { name, port } of config.protocols) {
    const codec = CODECS[name];
    try {
      if (codec.transport === 'http') await app.protocols.listenHttp(codec, port, config.host);
      else await app.protocols.listenTcp(codec, port, config.host);
    } catch (err) {
      const env = `${name.toUpperCase()}_PORT`;
      if ((err as NodeJS.ErrnoException).code === 'EADDRINUSE')
        throw new StartError(
          `Port ${port} is taken (${env}). Stop the other process, set ${env} to a free port, or leave ${name} out of PROTOCOLS.`,
        );
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

/** What runs beside the service in its process (the demo fleet): its banner line and how it stops. */
export interface Companion {
  line?: string;
  stop?: () => Promise<unknown>;
}

type StartCompanion = (app: FastifyInstance, config: Config) => Promise<Companion>;

function banner(app: FastifyInstance, config: Config, simLine?: string): string {
  const host = config.host === '0.0.0.0' || config.host === '::' ? 'localhost' : config.host;
  const url = config.publicUrl ?? `http://${host}:${config.port}`;
  const lines = [
    '',
    `Safety console ${app.appVersion} is running: ${url}`,
    `  database: ${app.dbKind === 'pglite' ? `PGlite in ${config.dataDir}` : 'PostgreSQL (DATABASE_URL)'}`,
  ];
  if (app.broker.kind === 'external') {
    // The link's state as health reports it (the ingest's subscription may still be on its way).
    const link = app.broker.link();
    const state = link.connected
      ? `connected, ${link.subscribed ? `${link.topics} topics subscribed` : 'subscribing'}`
      : 'not connected yet, retrying';
    lines.push(`  MQTT: external broker ${link.url} (${state}; a probe through its shared subscription every 5 s)`);
  } else {
    lines.push(`  MQTT over WebSocket: ${url.replace(/^http/, 'ws')}${MQTT_WS_PATH}`);
    lines.push(
      config.mqttPort > 0 ? `  MQTT over TCP: mqtt://${host}:${config.mqttPort}` : '  MQTT over TCP: off (MQTT_PORT=0)',
    );
  }
  lines.push(
    config.protocols.length
      ? `  device protocols: ${config.protocols.map((p) => `${p.name} ${CODECS[p.name].transport}:${p.port}`).join(', ')}`
      : '  device protocols: off (PROTOCOLS=none)',
  );
  lines.push(...mediaToolLines());
  lines.push(`  API docs: ${url}/api/docs`);
  if (simLine) lines.push(simLine);
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

/** Starts the service and, once it listens, the companion; exits the process on failure and on signals. */
export async function runService(startCompanion?: StartCompanion): Promise<void> {
  let app: FastifyInstance | undefined;
  let companion: Companion = {};
  // scripts/start.mjs opens an IPC channel (to hear that a signal arrived here already); it must
  // not keep the process alive by itself.
  process.channel?.unref();
  try {
    const config = loadConfig();
    checkConsoleBroker(config);
    checkPublicUrl(config);
    app = await buildApp({ config });
    await listen(app, config);
    companion = (await startCompanion?.(app, config)) ?? {};
    console.log(banner(app, config, companion.line));
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
  let closingAt: number | undefined;
  const stop = (signal: string) => {
    if (closingAt !== undefined) {
      // One Ctrl+C can arrive twice (to the process group, and forwarded by a parent such as
      // scripts/start.mjs), and an operator's SIGTERM may follow a SIGINT: within the grace
      // period either is the same shutdown. Only a signal after it means "exit now".
      if (Date.now() - closingAt < SIGNAL_GRACE_MS) return;
      console.error(`${signal} again: exiting without closing`);
      process.exit(1);
    }
    closingAt = Date.now();
    // Tells scripts/start.mjs that this process has the signal already, so it forwards nothing.
    if (process.send) process.send({ closing: signal }, undefined, undefined, () => {});
    running.log.info(`${signal}: closing`);
    // The companion's devices leave first, so the service does not log them dropping while it closes.
    const stopCompanion = companion.stop;
    const gone = stopCompanion
      ? Promise.race([stopCompanion(), new Promise((r) => setTimeout(r, 3000))])
      : Promise.resolve();
    gone
      .then(() => running.close())
      .then(
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

/** How long after the first signal another one still counts as the same shutdown. */
const SIGNAL_GRACE_MS = 5_000;
