import { describe, expect, it } from 'vitest';
import {
  LOG_CAP,
  emptyLog,
  filterLog,
  logEntry,
  logReducer,
  logToCsv,
  type LogEntry,
} from '../../../src/client/features/mqtt/messageLog';

const enc = (text: string) => new TextEncoder().encode(text);
const entry = (topic: string, payload: string | Uint8Array, at = 0, packet = { qos: 0, retain: false }): LogEntry =>
  logEntry(topic, typeof payload === 'string' ? enc(payload) : payload, packet, at);

describe('message log', () => {
  it('keeps the newest first and at most LOG_CAP entries', () => {
    const batch = Array.from({ length: LOG_CAP + 10 }, (_, i) => entry('t', String(i), i));
    const state = logReducer(emptyLog, { type: 'add', entries: batch });
    expect(state.entries).toHaveLength(LOG_CAP);
    expect(state.entries[0]!.at).toBe(LOG_CAP + 9);
    expect(state.entries.at(-1)!.at).toBe(10);
    const more = logReducer(state, { type: 'add', entries: [entry('t', 'new', 1000)] });
    expect(more.entries[0]!.at).toBe(1000);
    expect(more.entries).toHaveLength(LOG_CAP);
  });

  it('holds arrivals while paused and shows them on resume, newest first', () => {
    let state = logReducer(emptyLog, { type: 'add', entries: [entry('t', 'a', 1)] });
    state = logReducer(state, { type: 'pause' });
    state = logReducer(state, { type: 'add', entries: [entry('t', 'b', 2), entry('t', 'c', 3)] });
    expect(state.entries.map((e) => e.at)).toEqual([1]);
    expect(state.held).toHaveLength(2);
    state = logReducer(state, { type: 'resume' });
    expect(state).toMatchObject({ paused: false, held: [] });
    expect(state.entries.map((e) => e.at)).toEqual([3, 2, 1]);
    expect(logReducer(state, { type: 'clear' }).entries).toEqual([]);
  });

  it('reads QoS and the retained flag from the packet', () => {
    const e = entry('t', 'x', 0, { qos: 1, retain: true });
    expect(e).toMatchObject({ qos: 1, retain: true, bytes: 1 });
  });

  it('filters by topic or payload, ignoring case, hex included', () => {
    const list = [
      entry('acm/7/web', '{"code":"9001"}'),
      entry('sfwatch/86/client', 'Unlocked'),
      entry('bin', Uint8Array.from([0xa2, 0xff])),
    ];
    expect(filterLog(list, 'ACM').map((e) => e.topic)).toEqual(['acm/7/web']);
    expect(filterLog(list, 'unlocked').map((e) => e.topic)).toEqual(['sfwatch/86/client']);
    expect(filterLog(list, 'a2 ff').map((e) => e.topic)).toEqual(['bin']);
    expect(filterLog(list, '  ')).toHaveLength(3);
  });

  it('exports RFC 4180 CSV, oldest first, quoting and defusing formulas', () => {
    const list = [
      entry('b', '=SUM(A1)', Date.UTC(2026, 0, 1, 0, 0, 2), { qos: 2, retain: true }),
      entry('a', '{"text":"x, \\"y\\""}', Date.UTC(2026, 0, 1, 0, 0, 1)),
      entry('c', Uint8Array.from([0xa2, 0x00]), Date.UTC(2026, 0, 1, 0, 0, 3)),
    ];
    const lines = logToCsv(list).split('\r\n');
    expect(lines[0]).toBe('time,topic,qos,retained,format,bytes,payload');
    expect(lines[1]).toBe('2026-01-01T00:00:01.000Z,a,0,false,json,19,"{""text"":""x, \\""y\\""""}"');
    expect(lines[2]).toBe("2026-01-01T00:00:02.000Z,b,2,true,text,8,'=SUM(A1)");
    expect(lines[3]).toBe('2026-01-01T00:00:03.000Z,c,0,false,binary,2,a2 00');
    expect(lines[4]).toBe('');
  });
});
