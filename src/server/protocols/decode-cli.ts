/**
 * `npm run --silent decode -- --protocol <name>` (PROTOCOL_NAMES): one JSON line per line of
 * standard input; `--encode '{"imei","command","params"}'` prints a command's frame in hex.
 * docs/protocols.md "Decode tool" has the contract and examples.
 */
import { createInterface } from 'node:readline';
import { parseArgs } from 'node:util';
import { encodeCommand, LineDecoder } from './decode';
import { PROTOCOL_NAMES, type ProtocolName } from './types';

function usage(message: string): never {
  process.stderr.write(
    `${message}\nusage: npm run --silent decode -- --protocol <${PROTOCOL_NAMES.join('|')}> [--encode JSON] [--auth-code CODE] < frames\n`,
  );
  process.exit(2);
}

let args;
try {
  args = parseArgs({
    options: { protocol: { type: 'string' }, encode: { type: 'string' }, 'auth-code': { type: 'string' } },
    strict: true,
  }).values;
} catch (err) {
  usage((err as Error).message);
}
const protocol = args.protocol as ProtocolName | undefined;
if (!protocol || !PROTOCOL_NAMES.includes(protocol)) usage(`--protocol must be one of ${PROTOCOL_NAMES.join(', ')}`);

if (args.encode !== undefined) {
  try {
    process.stdout.write(`${encodeCommand(protocol, args.encode)}\n`);
  } catch (err) {
    process.stderr.write(`${(err as Error).message}\n`);
    process.exit(1);
  }
} else {
  const decoder = new LineDecoder(protocol, args['auth-code']);
  for await (const line of createInterface({ input: process.stdin, crlfDelay: Infinity })) {
    const out = decoder.line(line);
    if (out) process.stdout.write(`${JSON.stringify(out)}\n`);
  }
}
