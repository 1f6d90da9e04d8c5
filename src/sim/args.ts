import { parseArgs } from 'node:util';
import { SIM_SCENARIOS, type SimScenario } from '../shared/devices/kinds';
import { IMEI_RE } from '../shared/devices/protocol';
import { PROTOCOL_NAMES, type ProtocolName } from '../shared/protocols/types';
import { buildSendMessage, SEND_KINDS, SendError } from './messages';
import { protocolSays } from './protocols/speaker';

export type SimArgs =
  | { cmd: 'run'; count?: number; scenario?: SimScenario; intervalS: number; protocol?: ProtocolName }
  | { cmd: 'list' }
  | { cmd: 'send'; imei: string; kind: string; value?: string; protocol?: ProtocolName }
  | { cmd: 'call'; imei: string; roomNo: string; seconds: number }
  | { cmd: 'present'; imei: string; method: 'card' | 'qr' | 'face'; value: string }
  | { cmd: 'help' };

export const DEFAULT_INTERVAL_S = 10;
/** How long `call` holds a call's media at most. */
export const DEFAULT_CALL_S = 120;
/** Seconds between the demo calls of a running fleet's door units (SIM_CALL_EVERY_S). */
export const DEFAULT_CALL_EVERY_S = 600;

/** SIM_CALL_EVERY_S: seconds between a fleet's demo door calls, 0 for none; anything else is the default. */
export function callEveryFromEnv(env: NodeJS.ProcessEnv = process.env): number {
  const raw = env.SIM_CALL_EVERY_S?.trim();
  return raw && /^\d+$/.test(raw) ? Number(raw) : DEFAULT_CALL_EVERY_S;
}

/**
 * SIM_SHIFTS: \`day\` (the default) keeps the demo site's workers to their working day, so its
 * helmets and UWB tags report only while worn (workers.ts); \`always\` has them worn around the
 * clock (a demo or a test in the evening still sees the floor move).
 */
export function shiftsFromEnv(env: NodeJS.ProcessEnv = process.env): 'day' | 'always' {
  return env.SIM_SHIFTS?.trim().toLowerCase() === 'always' ? 'always' : 'day';
}

export const USAGE = `Usage:
  npm run sim [-- run] [--count N] [--scenario S] [--interval SECONDS] [--protocol P]
      run virtual devices against the running service (default: the demo fleet, every ${DEFAULT_INTERVAL_S} s);
      each speaks MQTT, or the protocol the demo roster gives it; --protocol: every one speaks P
  npm run sim -- list
      print the demo devices: IMEI, kind, scenario, protocol, name
  npm run sim -- send --imei IMEI --kind KIND [--value V] [--protocol P]
      publish one message from that device, then exit (with --protocol: log in on P's listener,
      send the frame, wait for its acknowledgement)
  npm run sim -- call --imei IMEI --room ROOM [--seconds ${DEFAULT_CALL_S}]
      a door unit calls: its test pattern and tone go to the service's SFU, it listens to the
      operator who answers, and it hangs up when the operator does or after --seconds
  npm run sim -- present --imei IMEI (--card NUMBER | --qr TOKEN | --face FILE)
      a door unit fetches its credential list, a card, QR code or face (a picture, checked by the
      service's face verification) is presented: it opens or refuses and reports the access event
      (armed to issue a card, it reports the card instead), then exits; prints the outcome
Scenarios: ${SIM_SCENARIOS.join(', ')}
Protocols: ${PROTOCOL_NAMES.join(', ')} (docs/protocols.md; send: sos, fall, wear-off, low-battery, location,
  battery, online as each protocol allows; a JT/T 808 device is registered under its terminal number)
Send kinds: ${SEND_KINDS.join(', ')}
  --value: a number for the readings and alarms; "systolic/diastolic" for blood-pressure;
           "lat,lon" (WGS-84) for location; a room number for call (default 101); the card's
           information for card
Environment: PORT, HOST, MQTT_PORT, MQTT_URL, WATCH_PORT, GT06_PORT, JT808_PORT, OSMAND_PORT, H02_PORT, TRV_PORT, TELTONIKA_PORT (as npm start), SIM_USER / SIM_PASSWORD (default demo / demo123),
  SIM_CALL_EVERY_S (a running fleet's demo door calls, default ${DEFAULT_CALL_EVERY_S}, 0 none), SIM_SHIFTS (day: the site's workers keep
  their working day, the default; always: worn around the clock), FFMPEG_PATH (default: ffmpeg on the PATH, else
  the packaged build npm install brought)`;

/** Bad command-line arguments: the message is shown with the usage, exit code 2. */
export class UsageError extends Error {
  override name = 'UsageError';
}

function positiveInt(value: string | undefined, name: string, max: number): number | undefined {
  if (value === undefined) return undefined;
  const n = Number(value);
  if (!/^\d+$/.test(value.trim()) || n < 1 || n > max)
    throw new UsageError(`--${name} must be a whole number from 1 to ${max} (got "${value}")`);
  return n;
}

function protocolOf(value: string | undefined): { protocol?: ProtocolName } {
  if (value === undefined) return {};
  if (!(PROTOCOL_NAMES as readonly string[]).includes(value))
    throw new UsageError(`--protocol must be one of ${PROTOCOL_NAMES.join(', ')} (got "${value}")`);
  return { protocol: value as ProtocolName };
}

export function parseSimArgs(argv: string[]): SimArgs {
  let parsed;
  try {
    parsed = parseArgs({
      args: argv,
      allowPositionals: true,
      strict: true,
      options: {
        count: { type: 'string', short: 'n' },
        scenario: { type: 'string' },
        interval: { type: 'string' },
        imei: { type: 'string' },
        kind: { type: 'string' },
        value: { type: 'string' },
        room: { type: 'string' },
        seconds: { type: 'string' },
        card: { type: 'string' },
        qr: { type: 'string' },
        face: { type: 'string' },
        protocol: { type: 'string' },
        help: { type: 'boolean', short: 'h' },
      },
    });
  } catch (err) {
    throw new UsageError((err as Error).message);
  }
  const { values: o, positionals } = parsed;
  if (o.help) return { cmd: 'help' };
  if (positionals.length > 1) throw new UsageError(`unexpected argument "${positionals[1]}"`);
  const cmd = positionals[0] ?? 'run';
  const only = (allowed: string[]) => {
    const extra = Object.keys(o).find((k) => !allowed.includes(k));
    if (extra) throw new UsageError(`--${extra} does not apply to "${cmd}"`);
  };
  switch (cmd) {
    case 'help':
      return { cmd: 'help' };
    case 'list':
      only([]);
      return { cmd: 'list' };
    case 'run': {
      only(['count', 'scenario', 'interval', 'protocol']);
      if (o.scenario !== undefined && !(SIM_SCENARIOS as readonly string[]).includes(o.scenario)) {
        throw new UsageError(`--scenario must be one of ${SIM_SCENARIOS.join(', ')} (got "${o.scenario}")`);
      }
      return {
        cmd: 'run',
        count: positiveInt(o.count, 'count', 10_000),
        scenario: o.scenario as SimScenario | undefined,
        intervalS: positiveInt(o.interval, 'interval', 86_400) ?? DEFAULT_INTERVAL_S,
        ...protocolOf(o.protocol),
      };
    }
    case 'send': {
      only(['imei', 'kind', 'value', 'protocol']);
      if (!o.imei) throw new UsageError('send needs --imei');
      if (!IMEI_RE.test(o.imei)) throw new UsageError(`--imei must be 6-20 letters and digits (got "${o.imei}")`);
      if (!o.kind) throw new UsageError('send needs --kind');
      const { protocol } = protocolOf(o.protocol);
      try {
        // Builds and throws away the message: a bad kind or value is caught before connecting.
        const message = buildSendMessage(o.kind, o.value, { lat: 0, lon: 0 });
        if (protocol && !protocolSays(protocol, message)) throw new UsageError(`${protocol} cannot say "${o.kind}"`);
      } catch (err) {
        if (err instanceof SendError) throw new UsageError(err.message);
        throw err;
      }
      return { cmd: 'send', imei: o.imei, kind: o.kind, value: o.value, ...(protocol ? { protocol } : {}) };
    }
    case 'call': {
      only(['imei', 'room', 'seconds']);
      if (!o.imei) throw new UsageError('call needs --imei (a door unit)');
      if (!IMEI_RE.test(o.imei)) throw new UsageError(`--imei must be 6-20 letters and digits (got "${o.imei}")`);
      const roomNo = o.room?.trim();
      if (!roomNo || roomNo.length > 32) throw new UsageError('call needs --room, a room number of 1-32 characters');
      return {
        cmd: 'call',
        imei: o.imei,
        roomNo,
        seconds: positiveInt(o.seconds, 'seconds', 86_400) ?? DEFAULT_CALL_S,
      };
    }
    case 'present': {
      only(['imei', 'card', 'qr', 'face']);
      if (!o.imei || !IMEI_RE.test(o.imei))
        throw new UsageError('present needs --imei, a door unit of 6-20 letters and digits');
      const given = (['card', 'qr', 'face'] as const).filter((k) => o[k] !== undefined);
      if (given.length !== 1) throw new UsageError('present needs exactly one of --card, --qr, --face');
      const method = given[0]!;
      const value = o[method]!.trim();
      if (!value || value.length > 200) throw new UsageError(`--${method} must be 1-200 characters`);
      return { cmd: 'present', imei: o.imei, method, value };
    }
    default:
      throw new UsageError(`unknown command "${cmd}" (run, list, send, call or present)`);
  }
}
