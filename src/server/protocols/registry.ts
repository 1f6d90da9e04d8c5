import { gt06 } from './gt06';
import { h02 } from './h02';
import { jt808 } from './jt808';
import { osmand } from './osmand';
import { teltonika } from './teltonika';
import { trv } from './trv';
import type { HttpCodec, ProtocolName, StreamCodec } from './types';
import { watch } from './watch';

/** Every protocol the gateway speaks (docs/protocols.md). */
export const CODECS: { [N in ProtocolName]: N extends 'osmand' ? HttpCodec : StreamCodec } = {
  watch,
  gt06,
  jt808,
  osmand,
  h02,
  trv,
  teltonika,
};

/** The stream protocols' codecs by name (the raw frame log reads frames back through them). */
export const STREAM_CODECS: ReadonlyMap<ProtocolName, StreamCodec> = new Map([
  ['watch', watch],
  ['gt06', gt06],
  ['jt808', jt808],
  ['h02', h02],
  ['trv', trv],
  ['teltonika', teltonika],
]);
